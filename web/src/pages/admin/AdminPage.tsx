import { Box, Button, Stack, Tabs } from "@chakra-ui/react";
import { BarChart3, Home, UserCog } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Link as RouterLink, useSearchParams } from "wouter";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { AdminCount, type AdminCountName } from "../../components/admin/AdminCounts.tsx";
import { AdminLiveProvider, AdminLiveStatus, queuesOfTab } from "../../components/admin/AdminLive.tsx";
import { AdminPendingReferralsTab } from "../../components/admin/AdminPendingReferralsTab.tsx";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { ScrollCue } from "../../components/admin/ScrollCue.tsx";
import { TabBoundary } from "../../components/admin/TabBoundary.tsx";
import { HydrationMark } from "../../components/HydrationMark.tsx";
import { SteadyTabsRoot } from "../../components/SteadyTabsRoot.tsx";

// The tabs a visit does not open first load when opened (their TabBoundary shows the skeleton), so
// the first screen evaluates only the pending list's code (docs/performance.md, "Lighthouse on a phone").
const AdminCustomerApprovalTab = lazy(() =>
  import("../../components/admin/AdminCustomerApprovalTab.tsx").then((m) => ({ default: m.AdminCustomerApprovalTab })),
);
const AdminMilestonePaymentsTab = lazy(() =>
  import("../../components/admin/AdminMilestonePaymentsTab.tsx").then((m) => ({
    default: m.AdminMilestonePaymentsTab,
  })),
);
const AdminAllCustomersTab = lazy(() =>
  import("../../components/admin/AdminAllCustomersTab.tsx").then((m) => ({ default: m.AdminAllCustomersTab })),
);
const AdminEmailPanel = lazy(() =>
  import("../../components/admin/AdminEmailPanel.tsx").then((m) => ({ default: m.AdminEmailPanel })),
);
const AdminPurchasedReferralsTab = lazy(() =>
  import("../../components/admin/AdminPurchasedReferralsTab.tsx").then((m) => ({
    default: m.AdminPurchasedReferralsTab,
  })),
);
const AdminStaffPanel = lazy(() =>
  import("../../components/admin/AdminStaffPanel.tsx").then((m) => ({ default: m.AdminStaffPanel })),
);
const ProgrammeSettingsPanel = lazy(() =>
  import("../../components/admin/ProgrammeSettingsPanel.tsx").then((m) => ({ default: m.ProgrammeSettingsPanel })),
);

/** The Admin Panel's tabs, in order; the open one is in the address (?tab=). */
const TABS: readonly { value: string; label: string; count?: AdminCountName; panel: () => React.JSX.Element }[] = [
  {
    value: "pending-referrals",
    label: "Pending Referrals",
    count: "pendingReferrals",
    panel: () => <AdminPendingReferralsTab />,
  },
  {
    value: "customer-approval",
    label: "Customer Approval",
    count: "pendingCustomers",
    panel: () => <AdminCustomerApprovalTab />,
  },
  {
    value: "milestone-payments",
    label: "Milestone Payments",
    count: "milestonePayments",
    panel: () => <AdminMilestonePaymentsTab />,
  },
  { value: "all-customers", label: "All Customers", count: "allCustomers", panel: () => <AdminAllCustomersTab /> },
  {
    value: "email-system",
    label: "Email System",
    count: "pendingEmails",
    panel: () => <AdminEmailPanel variant="admin" />,
  },
  {
    value: "purchased-referrals",
    label: "Purchased Referrals",
    count: "purchasedReferrals",
    panel: () => <AdminPurchasedReferralsTab />,
  },
  // Inviting and managing showroom staff (docs/rules/roles.md, "Inviting staff").
  { value: "staff", label: "Staff", panel: () => <AdminStaffPanel /> },
  // The programme's settings have a tab of their own, not a card above every list.
  { value: "settings", label: "Settings", panel: () => <ProgrammeSettingsPanel /> },
];

/**
 * /admin (Admin Panel). Each tab loads its own list when it is opened (and only then); the counts
 * in the labels come from one small query of their own. Both follow changes live (AdminLive.tsx).
 * On a phone the tab row scrolls sideways with a cue at the edge that has more, and the open tab
 * is scrolled into view (docs/rules/web-app.md, "The Admin Panel on a phone").
 */
export function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab = TABS.some((t) => t.value === requested) ? (requested as string) : "pending-referrals";
  const tabList = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open tab changes which trigger is selected, read from the DOM.
  useEffect(() => {
    const selected = tabList.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    selected?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);

  return (
    <AdminLiveProvider watching={queuesOfTab(tab)}>
      <AdminShell
        title="Admin Panel"
        subtitle="Verify purchases, review registrations and pay milestones"
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <RouterLink href="/home">
                <Home aria-hidden="true" />
                Back to Home
              </RouterLink>
            </Button>
            <Button asChild variant="outline" size="sm">
              <RouterLink href="/admin/reports">
                <BarChart3 aria-hidden="true" />
                Reports &amp; Analytics
              </RouterLink>
            </Button>
            <Button asChild variant="outline" size="sm">
              <RouterLink href="/account">
                <UserCog aria-hidden="true" />
                My Account
              </RouterLink>
            </Button>
            <SignOutButton size="sm">Logout</SignOutButton>
          </>
        }
      >
        <Stack gap="4">
          <AdminLiveStatus />
          <SteadyTabsRoot
            value={tab}
            onValueChange={(details) =>
              setSearchParams(details.value === "pending-referrals" ? {} : { tab: details.value }, { replace: true })
            }
            variant="line"
            lazyMount
            unmountOnExit
          >
            <Box position="relative">
              <Tabs.List
                ref={tabList}
                overflowX="auto"
                overflowY="hidden"
                bg="bg.panel"
                borderRadius="lg"
                px="1"
                aria-label="Admin sections"
                css={{ scrollbarWidth: "thin" }}
              >
                {TABS.map((t) => (
                  <Tabs.Trigger key={t.value} value={t.value} whiteSpace="nowrap" flexShrink={0} gap="1">
                    {t.label}
                    {t.count ? (
                      <Suspense fallback={null}>
                        <AdminCount name={t.count} />
                      </Suspense>
                    ) : null}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <ScrollCue target={tabList} />
            </Box>
            {TABS.map((t) => (
              <Tabs.Content key={t.value} value={t.value} pt="4">
                <TabBoundary label={`Loading ${t.label}`}>
                  {t.panel()}
                  {/* The server renders the first tab: its boundary says when React has adopted it. */}
                  <HydrationMark />
                </TabBoundary>
              </Tabs.Content>
            ))}
          </SteadyTabsRoot>
        </Stack>
      </AdminShell>
    </AdminLiveProvider>
  );
}
