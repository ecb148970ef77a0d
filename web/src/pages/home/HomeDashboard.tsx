import { Box } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { useSearchParams } from "wouter";
import type { HomeDashboardQuery as HomeDashboardQueryType } from "../../__generated__/HomeDashboardQuery.graphql.ts";
import { AddReferralDrawer } from "../../components/customer/AddReferralDrawer.tsx";
import { BOTTOM_NAV_SPACE, BottomNav, parseTab } from "../../components/customer/BottomNav.tsx";
import { CustomerHeader } from "../../components/customer/CustomerHeader.tsx";
import { HomeTab } from "../../components/customer/HomeTab.tsx";
import { ProfileTab } from "../../components/customer/ProfileTab.tsx";
import { CustomerFooter, useProgrammeContact } from "../../components/customer/ProgrammeContact.tsx";
import type { EditableReferral } from "../../components/customer/ReferralListItem.tsx";
import { ReferralsTab } from "../../components/customer/ReferralsTab.tsx";
import { RewardsTab } from "../../components/customer/RewardsTab.tsx";
import { PageContainer } from "../../components/PageContainer.tsx";

/**
 * Everything the four tabs show, in one request, so switching tabs never waits. The list sizes are
 * variables, as Relay's pagination queries have them anyway.
 */
export const HomeDashboardQuery = graphql`
  query HomeDashboardQuery($referralCount: Int!, $activityCount: Int!) {
    programme {
      ...ProgrammeContact_programme
    }
    viewer {
      ...CustomerHeader_viewer
      ...HomeTab_viewer
      ...ProfileTab_viewer
      customer {
        ...HomeTab_customer
        ...ReferralList_customer @arguments(count: $referralCount)
        ...SharePanel_customer
        ...RewardsTab_customer
        ...AddReferralDrawer_customer
      }
    }
  }
`;

/** A verified customer's dashboard: sticky header, the active tab (?tab=), bottom navigation. */
export function HomeDashboard({ queryRef }: { queryRef: PreloadedQuery<HomeDashboardQueryType> }) {
  const { viewer, programme } = usePreloadedQuery<HomeDashboardQueryType>(HomeDashboardQuery, queryRef);
  const contact = useProgrammeContact(programme);
  const [searchParams] = useSearchParams();
  const tab = parseTab(searchParams.get("tab"));
  const [addReferralOpen, setAddReferralOpen] = useState(false);
  // The referral being corrected (null: adding), and a count that gives each opening a fresh form.
  const [editing, setEditing] = useState<{ referral: EditableReferral | null; opening: number }>({
    referral: null,
    opening: 0,
  });

  // A new tab starts at its top, as a new page would; not on the first render, so a customer who
  // scrolled the server-rendered page before it hydrated stays put (as ScrollToTopOnNavigation).
  const shownTab = useRef(tab);
  useEffect(() => {
    if (shownTab.current === tab) return;
    shownTab.current = tab;
    window.scrollTo(0, 0);
  }, [tab]);

  const customer = viewer?.customer;
  if (!viewer || !customer) return null;
  const openAddReferral = () => {
    // Back from a correction, the add form starts empty again; otherwise it keeps what was typed.
    if (editing.referral) setEditing((current) => ({ referral: null, opening: current.opening + 1 }));
    setAddReferralOpen(true);
  };
  const openEditReferral = (referral: EditableReferral) => {
    setEditing((current) => ({ referral, opening: current.opening + 1 }));
    setAddReferralOpen(true);
  };

  return (
    <Box minHeight="100dvh" pb={BOTTOM_NAV_SPACE}>
      <CustomerHeader viewer={viewer} />
      <PageContainer as="main" py="5">
        {tab === "home" ? <HomeTab viewer={viewer} customer={customer} onAddReferral={openAddReferral} /> : null}
        {tab === "referrals" ? (
          <ReferralsTab customer={customer} onAddReferral={openAddReferral} onEditReferral={openEditReferral} />
        ) : null}
        {tab === "rewards" ? <RewardsTab customer={customer} contact={contact} /> : null}
        {tab === "profile" ? <ProfileTab viewer={viewer} /> : null}
      </PageContainer>
      <CustomerFooter programme={programme} />
      <BottomNav active={tab} />
      <AddReferralDrawer
        key={editing.opening}
        customer={customer}
        open={addReferralOpen}
        onOpenChange={setAddReferralOpen}
        editing={editing.referral}
      />
    </Box>
  );
}
