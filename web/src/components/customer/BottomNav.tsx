import { Box, HStack, Icon, Text } from "@chakra-ui/react";
import { Gift, House, type LucideIcon, UserRound, Users } from "lucide-react";
import { Link as RouterLink } from "wouter";
import { PageContainer } from "../PageContainer.tsx";

export const DASHBOARD_TABS = ["home", "referrals", "rewards", "profile"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** The address of a dashboard tab: Home is /home itself, the others add ?tab=. */
export function tabHref(tab: DashboardTab): string {
  return tab === "home" ? "/home" : `/home?tab=${tab}`;
}

export function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab === value) ?? "home";
}

const ITEMS: { tab: DashboardTab; label: string; icon: LucideIcon }[] = [
  { tab: "home", label: "Home", icon: House },
  { tab: "referrals", label: "Referrals", icon: Users },
  { tab: "rewards", label: "Rewards", icon: Gift },
  { tab: "profile", label: "Profile", icon: UserRound },
];

/** Space the fixed navigation takes at the bottom of the page, so nothing hides under it. */
export const BOTTOM_NAV_SPACE = "calc(5.5rem + env(safe-area-inset-bottom))";

/** Fixed at the bottom, with the phone's safe-area padding; the active tab is marked by colour, weight and a pill. */
export function BottomNav({ active }: { active: DashboardTab }) {
  return (
    <Box
      as="nav"
      aria-label="Main"
      position="fixed"
      bottom="0"
      insetX="0"
      zIndex="sticky"
      bg="bg.panel"
      borderTopWidth="1px"
      borderColor="border.muted"
      boxShadow="0 -2px 12px rgba(16, 79, 75, 0.06)"
      pb="env(safe-area-inset-bottom)"
    >
      <PageContainer px="2">
        <HStack as="ul" listStyleType="none" justify="space-around" gap="1" py="1.5">
          {ITEMS.map(({ tab, label, icon }) => {
            const isActive = tab === active;
            return (
              <Box as="li" key={tab} flex="1">
                <RouterLink
                  href={tabHref(tab)}
                  aria-current={isActive ? "page" : undefined}
                  data-tab={tab}
                  style={{ display: "block" }}
                >
                  <Box
                    display="flex"
                    flexDirection="column"
                    alignItems="center"
                    gap="0.5"
                    minHeight="14"
                    py="1"
                    borderRadius="xl"
                    color={isActive ? "brand.fg" : "fg.muted"}
                    _hover={{ bg: "bg.muted" }}
                    transition="background 0.15s"
                  >
                    <Box
                      px="4"
                      py="1"
                      borderRadius="full"
                      bg={isActive ? "brand.muted" : "transparent"}
                      display="grid"
                      placeItems="center"
                    >
                      <Icon as={icon} boxSize="5" aria-hidden="true" strokeWidth={isActive ? 2.5 : 2} />
                    </Box>
                    <Text as="span" textStyle="xs" fontWeight={isActive ? "bold" : "medium"}>
                      {label}
                    </Text>
                  </Box>
                </RouterLink>
              </Box>
            );
          })}
        </HStack>
      </PageContainer>
    </Box>
  );
}
