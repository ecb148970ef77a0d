import { Box, chakra, Heading, Icon, SimpleGrid, Stack, Stat, type SystemStyleObject, Text } from "@chakra-ui/react";
import { type LucideIcon, Trophy, UserPlus, Users } from "lucide-react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link as RouterLink } from "wouter";
import type { HomeTab_customer$key } from "../../__generated__/HomeTab_customer.graphql.ts";
import type { HomeTab_viewer$key } from "../../__generated__/HomeTab_viewer.graphql.ts";
import { displayName } from "../../session/viewerSession.ts";
import { tabHref } from "./BottomNav.tsx";
import { formatMoney } from "./format.ts";
import { ProgressHero } from "./ProgressHero.tsx";
import { RecentActivity } from "./RecentActivity.tsx";
import { SharePanel } from "./SharePanel.tsx";

interface HomeTabProps {
  viewer: HomeTab_viewer$key;
  customer: HomeTab_customer$key;
  onAddReferral: () => void;
}

/** The dashboard's first tab: greeting, the progress ring, the two figures, the three tiles, the share link and recent activity. */
export function HomeTab({ viewer, customer, onAddReferral }: HomeTabProps) {
  const user = useFragment(
    graphql`
      fragment HomeTab_viewer on User {
        firstName
      }
    `,
    viewer,
  );
  const data = useFragment(
    graphql`
      fragment HomeTab_customer on Customer {
        originalPurchaseAmount {
          pence
        }
        currentCredits {
          pence
        }
        ...ProgressHero_customer
        ...RecentActivity_customer
        ...SharePanel_customer
      }
    `,
    customer,
  );
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Welcome back, {displayName(user)}!
        </Heading>
        <Text color="fg.muted">Here is how close you are to a full refund.</Text>
      </Stack>

      <ProgressHero customer={data} />

      <SimpleGrid columns={2} gap="3">
        <FigureCard label="Original Purchase" value={formatMoney(data.originalPurchaseAmount.pence)} />
        <FigureCard label="Potential Credits Earned" value={formatMoney(data.currentCredits.pence)} tone="amber.fg" />
      </SimpleGrid>

      <Box as="section" aria-label="Quick actions">
        <SimpleGrid columns={3} gap="3">
          <Tile onClick={onAddReferral} icon={UserPlus} palette="brand" label="Add Referral" />
          <Tile href={tabHref("referrals")} icon={Users} palette="brand" label="My Referrals" />
          <Tile href="/milestones" icon={Trophy} palette="amber" label="Milestones" />
        </SimpleGrid>
      </Box>

      <SharePanel customer={data} />

      <RecentActivity customer={data} />
    </Stack>
  );
}

function FigureCard({ label, value, tone = "fg" }: { label: string; value: string; tone?: string }) {
  return (
    <Stat.Root bg="bg.panel" borderRadius="2xl" boxShadow="card" p="4" gap="1">
      <Stat.Label color="fg.muted" textStyle="sm">
        {label}
      </Stat.Label>
      <Stat.ValueText fontSize="lg" fontWeight="bold" color={tone} fontVariantNumeric="tabular-nums">
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}

interface TileProps {
  icon: LucideIcon;
  palette: string;
  label: string;
  href?: string;
  onClick?: () => void;
}

const TILE_STYLE: SystemStyleObject = {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: "2",
  minHeight: "28",
  p: "3",
  bg: "bg.panel",
  borderRadius: "2xl",
  boxShadow: "card",
  color: "fg",
  cursor: "pointer",
  transition: "transform 0.15s, box-shadow 0.15s",
  _hover: { transform: "translateY(-1px)", boxShadow: "md" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" },
};

/** A large square action that looks like a card: a link when it goes somewhere, else a button. */
function Tile({ icon, palette, label, href, onClick }: TileProps) {
  const content = (
    <>
      <Box
        boxSize="11"
        borderRadius="xl"
        display="grid"
        placeItems="center"
        bg={`${palette}.muted`}
        color={`${palette}.fg`}
      >
        <Icon as={icon} boxSize="6" aria-hidden="true" />
      </Box>
      <Text as="span" fontWeight="semibold" textStyle="sm" textAlign="center" lineHeight="1.25">
        {label}
      </Text>
    </>
  );
  if (href) {
    return (
      <Box asChild css={TILE_STYLE}>
        <RouterLink href={href}>{content}</RouterLink>
      </Box>
    );
  }
  return (
    <chakra.button type="button" onClick={onClick} css={TILE_STYLE}>
      {content}
    </chakra.button>
  );
}
