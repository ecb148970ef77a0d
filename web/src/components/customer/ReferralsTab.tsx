import { Button, HStack, Stack } from "@chakra-ui/react";
import { UserPlus } from "lucide-react";
import type { ReferralList_customer$key } from "../../__generated__/ReferralList_customer.graphql.ts";
import type { SharePanel_customer$key } from "../../__generated__/SharePanel_customer.graphql.ts";
import { ReferralList } from "./ReferralList.tsx";
import type { EditableReferral } from "./ReferralListItem.tsx";
import { SharePanel } from "./SharePanel.tsx";
import { TabHeading } from "./TabHeading.tsx";

/**
 * The Referrals tab: the list, then the share link. It shows no data of its own, so it has no
 * fragment: the dashboard's query spreads the list's and the panel's fragments directly (each
 * fragment level counts against the API's depth limit).
 */
export function ReferralsTab({
  customer,
  onAddReferral,
  onEditReferral,
}: {
  customer: ReferralList_customer$key & SharePanel_customer$key;
  onAddReferral: () => void;
  onEditReferral?: (referral: EditableReferral) => void;
}) {
  return (
    <Stack gap="5">
      <TabHeading
        title="My Referrals"
        description="Everyone you have referred, newest first. You earn credit when they make a purchase."
      />
      <HStack justify="flex-end">
        <Button size="md" variant="subtle" onClick={onAddReferral} minHeight="11">
          <UserPlus aria-hidden="true" />
          Add Referral
        </Button>
      </HStack>
      <ReferralList customer={customer} onAddReferral={onAddReferral} onEditReferral={onEditReferral} />
      <SharePanel customer={customer} />
    </Stack>
  );
}
