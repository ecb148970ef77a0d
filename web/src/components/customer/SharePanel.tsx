import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { Check, Copy, Mail, MessageCircle, MessageSquare, QrCode, RefreshCw, Share2 } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { SharePanel_customer$key } from "../../__generated__/SharePanel_customer.graphql.ts";
import { useHydrated } from "../../lib/useHydrated.ts";
import { notifyFailure } from "../../notifications/notify.ts";
import { canUseShareSheet, copyText, SHARE_SUBJECT, shareTargets } from "./shareLinks.ts";

/*
 * The QR code (its encoder) and the new-link dialog (its mutation) are not needed for the first paint
 * of /home: one chunk, loaded when the customer asks for either (docs/rules/web-app.md, "Share links").
 */
const loadExtras = () => import("./SharePanelExtras.tsx");
const ShareQrCode = lazy(() => loadExtras().then((module) => ({ default: module.ShareQrCode })));
const RenewShareLinkDialog = lazy(() => loadExtras().then((module) => ({ default: module.RenewShareLinkDialog })));

/** How long the Copy button says "Copied" before it offers to copy again. */
export const COPIED_MS = 2500;

const TARGET_ICONS = { WhatsApp: MessageCircle, SMS: MessageSquare, Email: Mail } as const;

/** The link as the panel shows it. */
export interface ShareLinkView {
  url: string;
  paused: boolean;
  opens: number;
  signUps: number;
  shareMessage: string;
}

/**
 * A verified customer's share link on Home and the Referrals tab: copy it, send it (the phone's share
 * sheet, WhatsApp, SMS, email), show it as a QR code, make a new one, and see how often it was opened
 * and how many friends signed up through it. Shows nothing while the customer has no link.
 */
export function SharePanel({ customer }: { customer: SharePanel_customer$key }) {
  const data = useFragment(
    graphql`
      fragment SharePanel_customer on Customer {
        id
        shareLink {
          id
          url
          paused
          opens
          signUps
          shareMessage
        }
      }
    `,
    customer,
  );
  if (!data.shareLink) return null;
  return <ShareLinkCard customerId={data.id} link={data.shareLink} />;
}

/** The panel itself, from plain data (the fragment above, or a test's). */
export function ShareLinkCard({ customerId, link }: { customerId: string; link: ShareLinkView }) {
  const id = useId();
  // The share sheet exists only in some browsers: asked after hydration, so the server's markup matches.
  const hydrated = useHydrated();
  const shareSheet = hydrated && canUseShareSheet();
  const [copied, setCopied] = useState(false);
  const [qrShown, setQrShown] = useState(false);
  const [renewOpen, setRenewOpen] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // A new link has not been copied yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the url is the trigger, not an input
  useEffect(() => setCopied(false), [link.url]);

  async function copy() {
    if (await copyText(link.url)) setCopied(true);
    else notifyFailure("Could not copy your link", "Select the link and copy it from the field instead.");
  }

  async function share() {
    try {
      await navigator.share({ title: SHARE_SUBJECT, text: link.shareMessage });
    } catch (error) {
      // Closing the sheet is no failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      notifyFailure("Could not open sharing", error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Card.Root as="section" aria-labelledby={`${id}-heading`} data-testid="share-panel">
      <Card.Body gap="4" p="5">
        <Stack gap="1">
          <Heading as="h2" size="lg" id={`${id}-heading`}>
            Share your link
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Friends who open it add their own details and agree to be contacted; they then count as your referral.
          </Text>
        </Stack>

        {link.paused ? (
          <Alert.Root status="warning" borderRadius="lg" data-testid="share-link-paused">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your link is paused</Alert.Title>
              <Alert.Description>
                The programme has paused it: friends who open it are told it is not active. Contact the programme to
                find out why.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Field.Root>
          <Field.Label>Your link</Field.Label>
          <Input
            readOnly
            value={link.url}
            fontFamily="mono"
            textStyle="sm"
            minHeight="11"
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link-url"
          />
        </Field.Root>

        <HStack gap="2" flexWrap="wrap">
          <Button onClick={copy} minHeight="11" flex="1 1 auto" colorPalette={copied ? "green" : "brand"}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy link"}
          </Button>
          {shareSheet ? (
            <Button onClick={share} variant="outline" minHeight="11" flex="1 1 auto">
              <Share2 aria-hidden="true" />
              Share…
            </Button>
          ) : null}
        </HStack>
        <VisuallyHidden role="status">{copied ? "Your link is copied to the clipboard." : ""}</VisuallyHidden>

        <Stack gap="2">
          <Text textStyle="sm" fontWeight="medium" id={`${id}-send`}>
            Send it by
          </Text>
          <HStack as="ul" listStyleType="none" gap="2" flexWrap="wrap" aria-labelledby={`${id}-send`}>
            {shareTargets(link.shareMessage).map((target) => {
              const TargetIcon = TARGET_ICONS[target.label as keyof typeof TARGET_ICONS];
              return (
                <Box as="li" key={target.label} flex="1 1 auto">
                  <Button asChild variant="subtle" minHeight="11" width="full">
                    <a href={target.href} target="_blank" rel="noopener noreferrer">
                      <TargetIcon aria-hidden="true" />
                      {target.label}
                    </a>
                  </Button>
                </Box>
              );
            })}
          </HStack>
        </Stack>

        <SimpleGrid columns={2} gap="3" data-testid="share-link-figures">
          <LinkFigure label="Link opens" value={link.opens} />
          <LinkFigure label="Sign-ups" value={link.signUps} />
        </SimpleGrid>

        <HStack gap="2" flexWrap="wrap" justify="space-between">
          <Button
            variant="ghost"
            minHeight="11"
            aria-expanded={qrShown}
            aria-controls={`${id}-qr`}
            onClick={() => setQrShown((shown) => !shown)}
          >
            <QrCode aria-hidden="true" />
            {qrShown ? "Hide QR code" : "Show QR code"}
          </Button>
          <Button variant="ghost" minHeight="11" onClick={() => setRenewOpen(true)}>
            <RefreshCw aria-hidden="true" />
            Make a new link
          </Button>
        </HStack>
        <Box id={`${id}-qr`} hidden={!qrShown}>
          {qrShown ? (
            <Suspense fallback={<Skeleton boxSize="52" mx="auto" borderRadius="lg" aria-label="Loading the QR code" />}>
              <ShareQrCode url={link.url} />
            </Suspense>
          ) : null}
        </Box>
      </Card.Body>
      {renewOpen ? (
        <Suspense fallback={null}>
          <RenewShareLinkDialog customerId={customerId} open={renewOpen} onOpenChange={setRenewOpen} />
        </Suspense>
      ) : null}
    </Card.Root>
  );
}

function LinkFigure({ label, value }: { label: string; value: number }) {
  return (
    <Stat.Root bg="bg.subtle" borderRadius="xl" p="3" gap="0.5">
      <Stat.Label color="fg.muted" textStyle="sm">
        {label}
      </Stat.Label>
      <Stat.ValueText fontSize="lg" fontWeight="bold" fontVariantNumeric="tabular-nums">
        {value.toLocaleString("en-GB")}
      </Stat.ValueText>
    </Stat.Root>
  );
}
