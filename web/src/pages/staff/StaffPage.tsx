import { Box, Heading, IconButton, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Settings } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { Link as RouterLink, useSearchParams } from "wouter";
import type { StaffPageCustomerQuery } from "../../__generated__/StaffPageCustomerQuery.graphql.ts";
import { SignOutButton } from "../../auth/SignOutButton.tsx";
import { CustomerTopBar } from "../../components/customer/CustomerHeader.tsx";
import { HydrationMark } from "../../components/HydrationMark.tsx";
import { MyRecordedReferrals } from "../../components/staff/MyRecordedReferrals.tsx";
import { RecordReferralForm } from "../../components/staff/RecordReferralForm.tsx";
import { StaffCustomerCard } from "../../components/staff/StaffCustomerCard.tsx";
import { StaffSearch } from "../../components/staff/StaffSearch.tsx";
import { displayName, useViewerSession } from "../../session/viewerSession.ts";

/**
 * /staff, the showroom page (docs/rules/roles.md, "The pages"): phone and tablet first, one column.
 * The search box comes first; choosing a customer opens their card (kept in the address as
 * `?customer=`) with "Record a referral" under it; "My referrals" closes the page.
 */
export function StaffPage() {
  const viewer = useViewerSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get("customer");
  // Bumped after a referral is recorded: the card reads its referrals again, without leaving the screen.
  const [cardVersion, setCardVersion] = useState(0);
  const cardRegion = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    if (!opened || !selectedId) return;
    // On a phone the card is below the results: bring it into view and move the keyboard there.
    cardRegion.current?.scrollIntoView?.({ block: "start" });
    cardRegion.current?.focus({ preventScroll: true });
  }, [opened, selectedId]);

  return (
    <Stack minHeight="100dvh" pb="10" gap="0">
      <CustomerTopBar home="/staff">
        <SignOutButton size="sm" variant="ghost" minHeight="11" minWidth="11">
          Sign Out
        </SignOutButton>
        <IconButton
          asChild
          aria-label="Account settings"
          variant="ghost"
          borderRadius="full"
          size="md"
          minHeight="11"
          minWidth="11"
        >
          <RouterLink href="/account">
            <Settings aria-hidden="true" />
          </RouterLink>
        </IconButton>
      </CustomerTopBar>
      <Box as="main" width="full" maxWidth={{ base: "480px", md: "720px" }} marginX="auto" paddingX="4" py="5">
        <Stack gap="6">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Showroom
            </Heading>
            <Text color="fg.muted">
              Hello {displayName(viewer)}: find the customer who sent a friend, and record the referral for them.
            </Text>
          </Stack>
          <StaffSearch
            selectedId={selectedId}
            onOpen={(id) => {
              setOpened(true);
              setSearchParams({ customer: id });
            }}
          />
          {selectedId ? (
            <Box ref={cardRegion} tabIndex={-1} outline="none" scrollMarginTop="20">
              <Suspense fallback={<CardSkeleton />}>
                <SelectedCustomer
                  id={selectedId}
                  version={cardVersion}
                  onRecorded={() => setCardVersion((version) => version + 1)}
                />
              </Suspense>
            </Box>
          ) : null}
          <Suspense fallback={<Skeleton height="24" borderRadius="xl" />}>
            <MyRecordedReferrals />
            <HydrationMark />
          </Suspense>
        </Stack>
      </Box>
    </Stack>
  );
}

function CardSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading the customer">
      <Skeleton height="64" borderRadius="xl" />
      <Skeleton height="96" borderRadius="xl" />
    </Stack>
  );
}

function SelectedCustomer({ id, version, onRecorded }: { id: string; version: number; onRecorded: () => void }) {
  const data = useLazyLoadQuery<StaffPageCustomerQuery>(
    graphql`
      query StaffPageCustomerQuery($id: ID!) {
        staffCustomer(id: $id) {
          id
          ...StaffCustomerCard_customer
          ...RecordReferralForm_customer
        }
      }
    `,
    { id },
    // A new version reads the card again in the background: what is on screen stays.
    { fetchPolicy: "store-and-network", fetchKey: version },
  );
  const customer = data.staffCustomer;
  if (!customer) {
    return (
      <Text color="fg.muted" data-testid="staff-customer-missing">
        This customer could not be found. Search again.
      </Text>
    );
  }
  return (
    <Stack gap="4">
      <StaffCustomerCard customer={customer} />
      {/* One form per customer: choosing another starts it empty. */}
      <RecordReferralForm key={customer.id} customer={customer} onRecorded={onRecorded} />
    </Stack>
  );
}
