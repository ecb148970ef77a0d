import { Box, Button, Dialog, HStack, Portal, Skeleton, Text } from "@chakra-ui/react";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { graphql } from "react-relay/hooks";
import type { SharePanelExtrasRenewMutation } from "../../__generated__/SharePanelExtrasRenewMutation.graphql.ts";
import { notifySuccess } from "../../notifications/notify.ts";
import { useMutationWithNotice } from "../../relay/useMutationWithNotice.ts";

/*
 * The share panel's parts that are not needed for the first paint (SharePanel.tsx loads this chunk
 * when the customer asks for one): the QR code and making a new link.
 */

/** The QR code's ink: the brand's darkest teal on white keeps a scanner's contrast. */
const QR_COLOURS = { dark: "#0b3b39", light: "#ffffff" };

/**
 * The link as a QR code, drawn as SVG by the `qrcode` encoder (already the server's for second-factor
 * codes): another phone's camera opens the link from the screen.
 */
export function ShareQrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<{ url: string; markup: string } | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: QR_COLOURS }).then(
      (markup) => {
        if (current) setSvg({ url, markup });
      },
    );
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg || svg.url !== url) return <Skeleton boxSize="52" mx="auto" borderRadius="lg" />;
  return (
    <Box as="figure" textAlign="center" m="0">
      <Box
        role="img"
        aria-label={`QR code for ${url}`}
        data-testid="share-qr-code"
        boxSize="52"
        mx="auto"
        css={{ "& svg": { width: "100%", height: "100%" } }}
        // The encoder's own SVG for our own link: no text from anyone else goes into this markup.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup generated from the customer's link only
        dangerouslySetInnerHTML={{ __html: svg.markup }}
      />
      <Text as="figcaption" textStyle="sm" color="fg.muted" mt="2">
        Scan it with a phone's camera to open your link.
      </Text>
    </Box>
  );
}

const renewShareLinkMutation = graphql`
  mutation SharePanelExtrasRenewMutation {
    renewShareLink {
      __typename
      ... on MutationRenewShareLinkSuccess {
        data {
          shareLink {
            id
            url
            paused
            opens
            signUps
            shareMessage
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

interface RenewShareLinkDialogProps {
  /** The customer's global id: their `shareLink` becomes the new one. */
  customerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before making a new link, as the old one then stops working for everyone it was sent to. */
export function RenewShareLinkDialog({ customerId, open, onOpenChange }: RenewShareLinkDialogProps) {
  const [commit, isInFlight] = useMutationWithNotice<SharePanelExtrasRenewMutation>(renewShareLinkMutation);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isInFlight) return;
    commit({
      variables: {},
      failed: "Failed to Make a New Link",
      updater: (store) => {
        const link = store.getRootField("renewShareLink")?.getLinkedRecord("data")?.getLinkedRecord("shareLink");
        const customer = store.get(customerId);
        if (link && customer) customer.setLinkedRecord(link, "shareLink");
      },
      onSuccess: () => {
        notifySuccess("New link ready", "Your old link no longer works.");
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role="alertdialog"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Make a new link">
              <Dialog.Header>
                <Dialog.Title>Make a new link?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description>
                  Your current link will stop working: anyone who opens it will see that it is no longer active.
                </Dialog.Description>
                <Text textStyle="sm" color="fg.muted" mt="3">
                  Friends who already signed up through it stay your referrals.
                </Text>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" width="full" justify="flex-end" flexWrap="wrap-reverse">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" minHeight="11">
                      Keep my link
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" minHeight="11" loading={isInFlight} loadingText="Making a new link...">
                    Make a new link
                  </Button>
                </HStack>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
