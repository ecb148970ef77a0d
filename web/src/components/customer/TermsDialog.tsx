import { Button, CloseButton, Dialog, Heading, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type ContactDetails, ContactLinks, hasContact, NO_CONTACT } from "./ProgrammeContact.tsx";

export const TERMS_EFFECTIVE_DATE = "28/07/2025";

interface TermsSection {
  title: string;
  paragraphs: ReactNode[];
}

/**
 * Section 10: the programme's contact, which is always set (an installation starts with its own
 * address: docs/rules/settings.md, "Programme contact"); before it has loaded, a sentence without it.
 */
function contactParagraph(contact: ContactDetails): ReactNode {
  if (!hasContact(contact)) {
    return "For questions about the Scheme, your rewards or these terms, or to exercise any of the rights above, contact HNG customer services. Please include your contract number so that we can find your account quickly.";
  }
  return (
    <>
      For questions about the Scheme, your rewards or these terms, or to exercise any of the rights above,{" "}
      <ContactLinks contact={contact} />. Our Data Protection Officer answers there too. Please include your contract
      number so that we can find your account quickly.
    </>
  );
}

function termsSections(creditRate: string, contact: ContactDetails): TermsSection[] {
  return [
    {
      title: "1. Introduction",
      paragraphs: [
        'These Terms and Conditions govern your membership of the HNG Referral Scheme (the "Scheme"), run by the HNG home-improvement group ("HNG", "we", "us"). They explain how the Scheme works and how we handle the personal data you give us, including data about the people you recommend.',
        "We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. By ticking the box to accept these terms you confirm that you have read and understood them.",
      ],
    },
    {
      title: "2. Referral Programme Overview",
      paragraphs: [
        'Once your original purchase has been verified by our team, you can recommend friends and family ("recommendees") to HNG. When a recommendee makes a purchase and we verify it, you earn a credit of ' +
          creditRate +
          " of the amount they spend.",
        "Credits count towards a refund of your original purchase. Milestone payments are made when your credits reach 33% and 66% of your original purchase amount, and the remainder is paid at 100%, so that the three payments together refund your original purchase in full. Credits have no cash value outside the Scheme and cannot be transferred.",
        "If a recommendee's purchase is cancelled or refunded, the credit it earned is reversed. We may suspend the Scheme or an account where we reasonably suspect misuse.",
      ],
    },
    {
      title: "3. Data You Provide About Others",
      paragraphs: [
        "To add a referral you give us a recommendee's full name and phone number, and optionally their email address and postal address. Please give only accurate details of people you know personally, and only with their agreement.",
        "You must not refer yourself, someone who is already an HNG customer, or anyone who has asked not to be contacted.",
        "Once verified, you also have a personal share link. A friend who opens it sees your first name only, and adds their own name, phone number, postcode and, if they wish, email address, ticking a box to agree that we may contact them about a quote. We record that agreement (the wording they saw, when, and the address it came from); they are emailed what we stored, with a link that erases it at once. Your list shows them as added through your link, under the same rules as a referral you add. We may pause a share link that is misused, and you can replace yours with a new one at any time.",
      ],
    },
    {
      title: "4. How Recommendee Data Is Used",
      paragraphs: [
        "We use a recommendee's details only to contact them once about HNG's products on your recommendation, to recognise a purchase they make as your referral, and to credit your account. We tell the recommendee who recommended them and where we obtained their details when we first contact them.",
        "We do not sell recommendee data, share it with other companies for their own marketing, or add it to our general marketing lists unless the recommendee later asks us to.",
      ],
    },
    {
      title: "5. Lawful Basis",
      paragraphs: [
        "We process your own data to perform our agreement with you (running your Scheme account and paying your rewards) and to meet our legal obligations, such as keeping financial records.",
        "We process recommendee data on the basis of our legitimate interests in responding to a personal recommendation, balanced against the recommendee's rights. A recommendee can object at any time, and we will then stop contacting them and delete their details.",
      ],
    },
    {
      title: "6. Data Retention",
      paragraphs: [
        "If a recommendee does not proceed with a purchase, their personal data is deleted within 90 days of the referral being added. We keep only an anonymised record so that the Scheme's figures remain accurate.",
        "If a recommendee does make a purchase, the details connected with that purchase are kept for as long as needed to administer your rewards and to meet our legal and accounting obligations, normally six years. Your own account data is kept while your account is open and for six years after it closes.",
      ],
    },
    {
      title: "7. Your Responsibilities",
      paragraphs: [
        "Before you add a referral, you must tell the person that you are passing their details to HNG and why, and be satisfied that they are happy to be contacted. You must keep your sign-in details secure and tell us promptly if you think someone else has used your account.",
        "The details you give us about your original purchase, including the purchase amount, postcode and contract number, must be true and complete.",
      ],
    },
    {
      title: "8. Your Rights",
      paragraphs: [
        "You, and any recommendee, have the right to access the personal data we hold, to have it corrected or erased, to restrict or object to its processing, and to data portability where it applies. We will respond to a request within one month.",
        "If you are unhappy with how we have handled personal data, you can complain to the Information Commissioner's Office (ICO) at ico.org.uk or on 0303 123 1113. We would appreciate the chance to put things right first.",
      ],
    },
    {
      title: "9. Changes to These Terms",
      paragraphs: [
        "We may update these terms from time to time, for example to reflect a change in the law or to the Scheme. We will tell you about significant changes by email or in the app before they take effect. The credit rate that applied to a purchase when it was verified never changes afterwards.",
      ],
    },
    {
      title: "10. Contact",
      paragraphs: [contactParagraph(contact)],
    },
  ];
}

interface TermsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
  /** The credit rate in force, e.g. "11%". */
  creditRate: string;
  /** The programme's contact (section 10), when the administrators have set it. */
  contact?: ContactDetails;
}

/** The scrollable Terms and Conditions: ten sections, effective and last updated 28/07/2025. */
export function TermsDialog({ open, onOpenChange, onAccept, creditRate, contact = NO_CONTACT }: TermsDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content maxHeight="calc(100dvh - 2rem)">
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
              <Dialog.Title>Terms and Conditions</Dialog.Title>
              <Dialog.Description textStyle="sm" color="fg.muted">
                Effective date: {TERMS_EFFECTIVE_DATE} · Last updated: {TERMS_EFFECTIVE_DATE}
              </Dialog.Description>
            </Dialog.Header>
            {/* Focusable, so the text scrolls from the keyboard too. */}
            <Dialog.Body
              tabIndex={0}
              data-testid="terms-text"
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
            >
              <Stack gap="5" pb="2">
                {termsSections(creditRate, contact).map((section) => (
                  <Stack key={section.title} as="section" gap="2">
                    <Heading as="h3" size="md">
                      {section.title}
                    </Heading>
                    {section.paragraphs.map((paragraph, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a section's paragraphs never move
                      <Text key={index} textStyle="sm" lineHeight="1.6">
                        {paragraph}
                      </Text>
                    ))}
                  </Stack>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer borderTopWidth="1px" borderColor="border.muted">
              <HStack gap="3" width="full" justify="flex-end">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" size="lg" flex={{ base: "1", sm: "initial" }}>
                    Close
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  size="lg"
                  flex={{ base: "1", sm: "initial" }}
                  onClick={() => {
                    onAccept();
                    onOpenChange(false);
                  }}
                >
                  I Accept
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
