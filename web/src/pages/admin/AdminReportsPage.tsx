import { Button, HStack, SegmentGroup, Tabs, Text } from "@chakra-ui/react";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "wouter";
import { AdminApiTokensPanel } from "../../components/admin/AdminApiTokensPanel.tsx";
import { AdminEmailPanel } from "../../components/admin/AdminEmailPanel.tsx";
import { AdminShell } from "../../components/admin/AdminShell.tsx";
import { AdminAnalyticsTab } from "../../components/admin/reports/AdminAnalyticsTab.tsx";
import { AdminAuditTrailTab } from "../../components/admin/reports/AdminAuditTrailTab.tsx";
import { AdminSegmentsTab } from "../../components/admin/reports/AdminSegmentsTab.tsx";
import { AdminTopPerformersTab } from "../../components/admin/reports/AdminTopPerformersTab.tsx";
import type { ReportFormat } from "../../components/admin/reports/reportDownload.ts";
import { defaultReportRange, type ReportRange } from "../../components/admin/reports/reportRange.ts";
import { TabBoundary } from "../../components/admin/TabBoundary.tsx";
import { AdminWebhooksPanel } from "../../components/admin/webhooks/AdminWebhooksPanel.tsx";

const TABS = [
  { value: "analytics", label: "Analytics" },
  { value: "referrals", label: "Referrals" },
  { value: "customers", label: "Customers" },
  { value: "emails", label: "Emails" },
  { value: "audit-trail", label: "Audit Trail" },
  { value: "api-tokens", label: "API Tokens" },
  { value: "webhooks", label: "Webhooks" },
] as const;

type TabValue = (typeof TABS)[number]["value"];

interface PanelState {
  format: ReportFormat;
  range: ReportRange;
  onRangeChange: (range: ReportRange) => void;
}

function panel(tab: TabValue, { format, range, onRangeChange }: PanelState) {
  switch (tab) {
    case "analytics":
      return <AdminAnalyticsTab format={format} range={range} onRangeChange={onRangeChange} />;
    case "referrals":
      return <AdminTopPerformersTab format={format} />;
    case "customers":
      return <AdminSegmentsTab format={format} />;
    case "emails":
      return <AdminEmailPanel variant="reports" />;
    case "audit-trail":
      return <AdminAuditTrailTab format={format} />;
    case "api-tokens":
      return <AdminApiTokensPanel />;
    case "webhooks":
      return <AdminWebhooksPanel />;
  }
}

/** /admin/reports (Admin Reports & Analytics): seven tabs (API Tokens and Webhooks the last), each loaded when opened, and the export format. */
export function AdminReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: TabValue = TABS.find((t) => t.value === requested)?.value ?? "analytics";
  const [format, setFormat] = useState<ReportFormat>("csv");
  const [range, setRange] = useState<ReportRange>(defaultReportRange);

  return (
    <AdminShell
      title="Admin Reports & Analytics"
      subtitle="Programme figures and trends over a period, top performers, segments, emails and the audit trail"
      actions={
        <>
          <HStack gap="2">
            <Text id="export-format-label" textStyle="sm" color="fg.muted">
              Export format
            </Text>
            <SegmentGroup.Root
              size="sm"
              value={format}
              onValueChange={(details) => setFormat(details.value === "json" ? "json" : "csv")}
              aria-labelledby="export-format-label"
            >
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: "csv", label: "CSV" },
                  { value: "json", label: "JSON" },
                ]}
              />
            </SegmentGroup.Root>
          </HStack>
          <Button asChild variant="outline" size="sm">
            <RouterLink href="/admin">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </RouterLink>
          </Button>
        </>
      }
    >
      <Tabs.Root
        value={tab}
        onValueChange={(details) =>
          setSearchParams(details.value === "analytics" ? {} : { tab: details.value }, { replace: true })
        }
        variant="line"
        lazyMount
        unmountOnExit
      >
        <Tabs.List
          overflowX="auto"
          overflowY="hidden"
          bg="bg.panel"
          borderRadius="lg"
          px="1"
          aria-label="Report sections"
        >
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} whiteSpace="nowrap" flexShrink={0}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} pt="4">
            <TabBoundary label={`Loading ${t.label}`}>
              {panel(t.value, { format, range, onRangeChange: setRange })}
            </TabBoundary>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AdminShell>
  );
}
