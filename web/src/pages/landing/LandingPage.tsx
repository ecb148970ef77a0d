import { Badge, Box, Button, Card, Container, Heading, HStack, Icon, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { ArrowRight, BadgeCheck, Coins, type LucideIcon, TrendingUp } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery } from "react-relay/hooks";
import type { CreditFeatureCard_programme$key } from "../../__generated__/CreditFeatureCard_programme.graphql.ts";
import type { LandingPageQuery as LandingPageQueryType } from "../../__generated__/LandingPageQuery.graphql.ts";
import { BrandMark, PRODUCT_NAME } from "../../components/BrandMark.tsx";
import { onFirstInteraction } from "../../lib/firstInteraction.ts";
import { useHydrated } from "../../lib/useHydrated.ts";

/** Preloaded by LandingRoute (routes/AppRoutes.tsx) as the route is entered. */
export const LandingPageQuery = graphql`
  query LandingPageQuery {
    programme {
      ...CreditFeatureCard_programme
      ...SignInDialog_programme
    }
  }
`;

// The dialog (and the form, the mutation and Chakra's dialog machinery) is not needed for the
// first paint: it loads at the visitor's first interaction with the page (lib/firstInteraction.ts).
const loadSignInDialog = () => import("../../auth/SignInDialog.tsx");
const SignInDialog = lazy(() => loadSignInDialog().then((module) => ({ default: module.SignInDialog })));

export function LandingPage({ queryRef }: { queryRef: PreloadedQuery<LandingPageQueryType> }) {
  const { programme } = usePreloadedQuery<LandingPageQueryType>(LandingPageQuery, queryRef);
  const [signInOpen, setSignInOpen] = useState(false);
  const [signInMounted, setSignInMounted] = useState(false);
  // Prerendered: a click before React attached its handlers would be lost, so the buttons wait for it.
  const ready = useHydrated();
  const openSignIn = () => {
    setSignInMounted(true);
    setSignInOpen(true);
  };

  useEffect(() => onFirstInteraction(() => void loadSignInDialog()), []);

  return (
    <Box minHeight="100dvh" display="flex" flexDirection="column">
      <Box
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        bg="bg.panel"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Container maxWidth="5xl" py="3" px="4">
          <HStack justify="space-between" gap="3">
            <BrandMark />
            <Button onClick={openSignIn} size="md" disabled={!ready}>
              Sign In
            </Button>
          </HStack>
        </Container>
      </Box>

      <Box as="main" flex="1">
        <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg.canvas">
          <Container maxWidth="3xl" px="4" pt={{ base: "12", md: "20" }} pb={{ base: "10", md: "16" }}>
            <Stack gap="6" align="center" textAlign="center">
              <Badge colorPalette="amber" variant="solid" size="lg" borderRadius="full" px="3">
                Up to 100% of your purchase back
              </Badge>
              <Heading
                as="h1"
                fontSize={{ base: "4xl", md: "6xl" }}
                lineHeight="1.1"
                letterSpacing="tight"
                color="brand.900"
              >
                Earn Rewards for Every Referral
              </Heading>
              <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxWidth="2xl">
                Refer friends and family to HNG. Every time one of them makes a purchase, you earn credit towards a full
                refund of your own.
              </Text>
              <Button size="xl" onClick={openSignIn} disabled={!ready} width={{ base: "full", sm: "auto" }} px="8">
                Get Started Now
                <ArrowRight aria-hidden="true" />
              </Button>
            </Stack>
          </Container>
        </Box>

        <Container maxWidth="5xl" px="4" pb="16">
          <Heading as="h2" srOnly>
            Why join
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: "4", md: "6" }}>
            <FeatureCard icon={TrendingUp} tone="brand" title="Track Your Progress">
              See your credits grow towards your refund, with every referral and milestone in one place.
            </FeatureCard>
            <CreditFeatureCard programme={programme} />
            <FeatureCard icon={BadgeCheck} tone="green" title="Full Refund at 100%">
              Milestone payments at 33% and 66%, and your original purchase refunded in full at 100%.
            </FeatureCard>
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="6" px="4">
        <Text textAlign="center" textStyle="sm" color="fg.muted">
          {PRODUCT_NAME}. New accounts are reviewed by our team, typically within 1-2 business days.
        </Text>
      </Box>

      {signInMounted ? (
        <Suspense fallback={null}>
          <SignInDialog programme={programme} open={signInOpen} onOpenChange={setSignInOpen} />
        </Suspense>
      ) : null}
    </Box>
  );
}

/** The credit rate in force: prerendered as slots the server fills in (api/src/http/pageSlots.ts). */
function CreditFeatureCard({ programme }: { programme: CreditFeatureCard_programme$key }) {
  const { creditRatePercent, creditPerPound } = useFragment(
    graphql`
      fragment CreditFeatureCard_programme on Programme {
        creditRatePercent
        creditPerPound
      }
    `,
    programme,
  );
  return (
    <FeatureCard icon={Coins} tone="amber" title={`Earn ${creditRatePercent} Credits`}>
      {`${creditPerPound} per £1.00 referrals spend. Credit is added as soon as a referral's purchase is verified.`}
    </FeatureCard>
  );
}

interface FeatureCardProps {
  icon: LucideIcon;
  tone: "brand" | "amber" | "green";
  title: string;
  children: string;
}

function FeatureCard({ icon, tone, title, children }: FeatureCardProps) {
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Box
          bg={`${tone}.muted`}
          color={`${tone}.fg`}
          borderRadius="xl"
          boxSize="12"
          display="grid"
          placeItems="center"
        >
          <Icon as={icon} boxSize="6" aria-hidden="true" />
        </Box>
        <Heading as="h3" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
      </Card.Body>
    </Card.Root>
  );
}
