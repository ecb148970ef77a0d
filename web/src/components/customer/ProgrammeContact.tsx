import { Box, Link, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import type { ProgrammeContact_programme$key } from "../../__generated__/ProgrammeContact_programme.graphql.ts";

/**
 * How customers reach the programme. The email is always set (the installation's default until an
 * administrator sets another: docs/rules/settings.md, "Programme contact"); the phone and hours may be missing.
 */
export interface ContactDetails {
  email: string | null;
  /** E.164, for the tel: link. */
  phone: string | null;
  phoneDisplay: string | null;
  hours: string | null;
}

export const NO_CONTACT: ContactDetails = { email: null, phone: null, phoneDisplay: null, hours: null };

/** The programme's contact from the public programme query. */
export function useProgrammeContact(programme: ProgrammeContact_programme$key | null | undefined): ContactDetails {
  const data = useFragment(
    graphql`
      fragment ProgrammeContact_programme on Programme {
        contactEmail
        contactPhone
        contactPhoneDisplay
        contactHours
      }
    `,
    programme ?? null,
  );
  if (!data) return NO_CONTACT;
  return {
    email: data.contactEmail ?? null,
    phone: data.contactPhone ?? null,
    phoneDisplay: data.contactPhoneDisplay ?? data.contactPhone ?? null,
    hours: data.contactHours ?? null,
  };
}

export const hasContact = (contact: ContactDetails) => Boolean(contact.email || contact.phone);

/**
 * "email help@… or call 0300 … (Monday to Friday, 9am to 5pm)" with real mailto: and tel: links;
 * null when neither an email nor a phone is set, so a sentence around it can say something else.
 */
export function ContactLinks({
  contact,
  startsSentence = false,
}: {
  contact: ContactDetails;
  /** "Email … or call …" at the start of a sentence, "email … or call …" inside one. */
  startsSentence?: boolean;
}): ReactNode {
  if (!hasContact(contact)) return null;
  const email = contact.email ? (
    <Link href={`mailto:${contact.email}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
      {contact.email}
    </Link>
  ) : null;
  const phone = contact.phone ? (
    <Link href={`tel:${contact.phone}`} color="brand.fg" fontWeight="semibold" textDecoration="underline">
      {contact.phoneDisplay ?? contact.phone}
    </Link>
  ) : null;
  return (
    <>
      {email ? (
        <>
          {startsSentence ? "Email" : "email"} {email}
        </>
      ) : null}
      {email && phone ? " or " : null}
      {phone ? (
        <>
          {startsSentence && !email ? "Call" : "call"} {phone}
        </>
      ) : null}
      {contact.hours ? ` (${contact.hours})` : null}
    </>
  );
}

/** The customer pages' footer: how to reach the programme (a line without the links only before it has loaded). */
export function CustomerFooter({ programme }: { programme: ProgrammeContact_programme$key | null | undefined }) {
  const contact = useProgrammeContact(programme);
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="6" px="4" mt="8" data-testid="customer-footer">
      <Text textAlign="center" textStyle="sm" color="fg.muted">
        {hasContact(contact) ? (
          <>
            Questions about your rewards? <ContactLinks contact={contact} startsSentence />.
          </>
        ) : (
          "Questions about your rewards? Contact HNG customer services."
        )}
      </Text>
    </Box>
  );
}
