import type { EmailType } from "../generated/prisma/client.ts";
import { formatPhone } from "../lib/phoneDisplay.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The data each kind of email needs. Amounts arrive formatted ("£12.34"); the optional fields
 * only add a sentence when the caller knows them, so older callers keep working.
 */
export interface EmailData {
  REGISTRATION_CONFIRMATION: { firstName: string };
  /** creditRatePercent: the rate in force, e.g. "11%"; never hard-coded here, since administrators can change it. */
  ACCOUNT_VERIFICATION: { firstName: string; signInUrl: string; creditRatePercent?: string };
  ACCOUNT_REJECTION: { firstName: string; reason: string; correctUrl: string };
  /** throughLink: the friend added their own details on the customer's share link page. */
  /** recordedBy: the staff member who recorded it on the customer's behalf ("Sam K."), when one did. */
  NEW_REFERRAL_ALERT: { firstName: string; referralName: string; throughLink?: boolean; recordedBy?: string };
  CREDITS_EARNED: { firstName: string; referralName: string; credit: string; totalCredits: string };
  /** contact: the programme's contact in force (phone in E.164), named for questions about the payment. */
  MILESTONE_ACHIEVEMENT: { firstName: string; milestone: string; amount: string; contact?: EmailContact };
  /** fullRefund: true for the 100% milestone, which completes the refund of the original purchase. */
  MILESTONE_PAID: { firstName: string; milestone: string; amount: string; fullRefund?: boolean };
  PASSWORD_RESET: { firstName: string; resetUrl: string; expiresInMinutes: number };
  EMAIL_CONFIRMATION: { firstName: string; confirmUrl: string; expiresInHours: number };
  /** expiresOn: the London day, written out ("3 March"). */
  REFERRAL_EXPIRY_WARNING: { firstName: string; referralName: string; expiresOn: string; referralsUrl: string };
  /** Sent as the details are erased: the friend is "Your friend", the day the referral was added says which. */
  REFERRAL_EXPIRED: { firstName: string; referralName: string; addedOn: string };
  PURCHASE_CANCELLED: {
    firstName: string;
    referralName: string;
    amountReversed: string;
    reason: string;
    totalCredits: string;
  };
  EMAIL_CHANGE_CONFIRMATION: { firstName: string; newEmail: string; confirmUrl: string; expiresInHours: number };
  EMAIL_CHANGE_NOTICE: { firstName: string; newEmail: string; resetUrl: string; expiresInMinutes: number };
  PASSWORD_CHANGED: { firstName: string; resetUrl: string; expiresInMinutes: number };
  /** change: what happened to the factor; at: when, written out in UK time ("27 November 2026 at 14:05"). */
  SECOND_FACTOR_CHANGED: { firstName: string; change: SecondFactorChange; at: string };
  STAFF_INVITATION: { firstName: string; username: string; resetUrl: string; expiresInDays: number };
  /** To a friend who added their details on a share link page: what was stored, and the withdrawal link. */
  SHARE_LINK_FRIEND_CONFIRMATION: {
    friendName: string;
    phone: string;
    email: string | null;
    postcode: string | null;
    referrerFirstName: string;
    withdrawUrl: string;
    keptDays: number;
  };
}

/** How customers reach the programme, as the settings hold it: each part may be unset. */
export interface EmailContact {
  email: string | null;
  /** E.164; the email writes it as the pages do (lib/phoneDisplay.ts). */
  phone: string | null;
  hours: string | null;
}

/** What a SECOND_FACTOR_CHANGED notice tells: turned on, turned off by the account, or reset by an operator. */
export type SecondFactorChange = "ENROLLED" | "DISABLED" | "RESET";

/**
 * Stands for a referred friend's name in a stored email (queueEmail with a referralId): the name is
 * filled in from the referral when the email is sent or shown, so erasing the referral leaves no copy
 * of it in the outbox (docs/rules/privacy.md). Private-use characters: no template text contains them.
 */
export const REFERRAL_NAME_PLACEHOLDER = "\u{E000}referral-name\u{E000}";
/** What stands where an erased friend's name was: every placeholder opens a sentence. */
export const ERASED_REFERRAL_NAME = "Your friend";

/** The email's text with the friend's name of today (or "Your friend" once erased), escaped for HTML when `html`. */
export function fillReferralName(text: string, referralName: string | null, html: boolean): string {
  if (!text.includes(REFERRAL_NAME_PLACEHOLDER)) return text;
  const name = referralName ?? ERASED_REFERRAL_NAME;
  return text.replaceAll(REFERRAL_NAME_PLACEHOLDER, html ? escapeHtml(name) : name);
}

export const PROGRAMME_NAME = "HNG Referral Scheme";
const SIGN_OFF = `The ${PROGRAMME_NAME} team`;
const FOOTER = `You are receiving this email because you have an account with the ${PROGRAMME_NAME}.`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A paragraph is plain text, or a quotation (the reason an administrator wrote, shown set apart). */
type Paragraph = string | { quote: string };

/**
 * Paragraphs become the text part and, escaped, the HTML part. A link becomes a button in HTML
 * and is also written out in full, since some mail clients hide buttons or block styles.
 */
function compose(
  subject: string,
  paragraphs: Paragraph[],
  link?: { label: string; url: string },
  footer = FOOTER,
): RenderedEmail {
  const textParagraphs = paragraphs.map((p) => (typeof p === "string" ? p : p.quote.replace(/^/gm, "> ")));
  const text = [...textParagraphs, ...(link ? [`${link.label}: ${link.url}`] : []), `— ${SIGN_OFF}`, "--", footer].join(
    "\n\n",
  );
  const htmlParagraphs = paragraphs.map((p) =>
    typeof p === "string"
      ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`
      : `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #0f5c5c;background:#f0f7f7;white-space:pre-wrap">${escapeHtml(p.quote)}</blockquote>`,
  );
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f7fafc"><div style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1a202c;max-width:560px;margin:auto;background:#ffffff;padding:24px;border-radius:8px">`,
    `<p style="margin:0 0 8px;color:#0f5c5c;font-weight:600">${PROGRAMME_NAME}</p>`,
    `<h1 style="margin:0 0 16px;color:#1a202c;font-size:20px">${escapeHtml(subject)}</h1>`,
    ...htmlParagraphs,
    link
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#0f5c5c;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#4a5568">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link.url)}" style="color:#0f5c5c;word-break:break-all">${escapeHtml(link.url)}</a></p>`
      : "",
    `<p style="margin:24px 0 0;color:#4a5568">— ${SIGN_OFF}</p>`,
    `<p style="margin:16px 0 0;font-size:12px;color:#718096">${escapeHtml(footer)}</p>`,
    "</div></body></html>",
  ].join("");
  return { subject, text, html };
}

export const emailTemplates: { [K in EmailType]: (data: EmailData[K]) => RenderedEmail } = {
  REGISTRATION_CONFIRMATION: ({ firstName }) =>
    compose("We have received your registration", [
      `Hello ${firstName},`,
      `Thank you for registering for the ${PROGRAMME_NAME}. Our team will review your details, typically within 1-2 business days, and email you as soon as your account is verified.`,
    ]),
  ACCOUNT_VERIFICATION: ({ firstName, signInUrl, creditRatePercent }) =>
    compose(
      "Your account is verified",
      [
        `Hello ${firstName},`,
        "Your account has been verified and activated.",
        creditRatePercent
          ? `You can now refer friends and family: each time one of them makes a purchase, you earn ${creditRatePercent} of what they spend as credit towards a full refund of your own purchase.`
          : "You can now refer friends and family: each time one of them makes a purchase, you earn credit towards a full refund of your own purchase.",
        "Rewards are paid in three stages, when your credits reach 33%, 66% and 100% of your original purchase.",
      ],
      { label: "Sign in", url: signInUrl },
    ),
  ACCOUNT_REJECTION: ({ firstName, reason, correctUrl }) =>
    compose(
      "Your registration needs attention",
      [
        `Hello ${firstName},`,
        "We could not verify your registration, for this reason:",
        { quote: reason },
        "You can correct your details and submit them again; we will then review them once more.",
      ],
      { label: "Correct my details", url: correctUrl },
    ),
  NEW_REFERRAL_ALERT: ({ firstName, referralName, throughLink, recordedBy }) =>
    compose("Referral added", [
      `Hello ${firstName},`,
      recordedBy
        ? `${recordedBy} of our team recorded ${referralName} as your referral, having spoken with them in person. You will earn credits when they make a purchase.`
        : throughLink
          ? `${referralName} added their details through your link and is now one of your referrals. You will earn credits when they make a purchase.`
          : `${referralName} has been added to your referrals. You will earn credits when they make a purchase.`,
      "A referral stays open for 90 days: if no purchase has been made by then, it expires and their details are deleted, as our terms promise.",
    ]),
  CREDITS_EARNED: ({ firstName, referralName, credit, totalCredits }) =>
    compose("You have earned credits", [
      `Hello ${firstName},`,
      `${referralName} made a purchase and you earned ${credit} in credits.`,
      `Your credits now total ${totalCredits}.`,
    ]),
  MILESTONE_ACHIEVEMENT: ({ firstName, milestone, amount, contact }) =>
    compose(`You have reached the ${milestone} milestone`, [
      `Hello ${firstName},`,
      `Congratulations! Your credits have reached the ${milestone} milestone, so ${amount} is ready to be paid to you.`,
      "Our team will process the payment shortly; we will email you when it has been made.",
      ...contactSentence("Questions about this payment?", contact),
    ]),
  MILESTONE_PAID: ({ firstName, milestone, amount, fullRefund }) =>
    compose(`Your ${milestone} milestone has been paid`, [
      `Hello ${firstName},`,
      `We have paid your ${milestone} milestone reward of ${amount}.`,
      ...(fullRefund
        ? ["With this payment your original purchase has been refunded in full. Thank you for recommending us!"]
        : []),
    ]),
  STAFF_INVITATION: ({ firstName, username, resetUrl, expiresInDays }) =>
    compose(
      "You are invited to the referral scheme's staff",
      [
        `Hello ${firstName},`,
        `An administrator has made you a staff account on the referral scheme. Open the link below within ${expiresInDays} days and choose your password there; the link works once and confirms this email address.`,
        `Your username is ${username}.`,
        "If you did not expect this, ignore this email: nobody can sign in to the account without the link.",
      ],
      { label: "Choose my password", url: resetUrl },
    ),
  PASSWORD_RESET: ({ firstName, resetUrl, expiresInMinutes }) =>
    compose(
      "Choose a new password",
      [
        `Hello ${firstName},`,
        `Someone asked to reset the password of your account. If it was you, open the link below within ${expiresInMinutes} minutes and choose your new password there; every other session will then be signed out. The link works once.`,
        "If it was not you, ignore this email: nothing changes.",
      ],
      { label: "Choose my new password", url: resetUrl },
    ),
  EMAIL_CONFIRMATION: ({ firstName, confirmUrl, expiresInHours }) =>
    compose(
      "Confirm your email address",
      [
        `Hello ${firstName},`,
        `Please confirm that this is your email address by opening the link below within ${expiresInHours} hours. Until you do, we hold back the other emails about your account.`,
        "If you did not create an account, ignore this email.",
      ],
      { label: "Confirm my email address", url: confirmUrl },
    ),
  REFERRAL_EXPIRY_WARNING: ({ firstName, referralName, expiresOn, referralsUrl }) =>
    // Subjects never name the friend: a subject outlives the body in mail clients' lists and previews.
    compose(
      `A referral expires on ${expiresOn}`,
      [
        `Hello ${firstName},`,
        `${referralName}'s referral expires on ${expiresOn}: if they are planning a purchase, let us know.`,
        "A referral stays open for 90 days. If no purchase has been made by then, it expires and their details are erased, as our terms promise.",
      ],
      { label: "See my referrals", url: referralsUrl },
    ),
  REFERRAL_EXPIRED: ({ firstName, referralName, addedOn }) =>
    compose("A referral has expired", [
      `Hello ${firstName},`,
      `${referralName}'s referral, added on ${addedOn}, expired after 90 days without a purchase.`,
      "As our terms promise, their details have been erased. You can refer them again if they are still interested.",
    ]),
  PURCHASE_CANCELLED: ({ firstName, referralName, amountReversed, reason, totalCredits }) =>
    compose("A referral's purchase was cancelled", [
      `Hello ${firstName},`,
      `${referralName}'s purchase was cancelled, so the ${amountReversed} in credits it earned you has been reversed. Our team gave this reason:`,
      { quote: reason },
      `Your credits now total ${totalCredits}.`,
    ]),
  EMAIL_CHANGE_CONFIRMATION: ({ firstName, newEmail, confirmUrl, expiresInHours }) =>
    compose(
      "Confirm your new email address",
      [
        `Hello ${firstName},`,
        `You asked to use ${newEmail} for your account. Open the link below within ${expiresInHours} hours to confirm it; until then, your account keeps its current address. The link works once.`,
        "If you did not ask for this, ignore this email: nothing changes.",
      ],
      { label: "Confirm my new email address", url: confirmUrl },
    ),
  EMAIL_CHANGE_NOTICE: ({ firstName, newEmail, resetUrl, expiresInMinutes }) =>
    compose(
      "A change of your email address was requested",
      [
        `Hello ${firstName},`,
        `Someone signed in to your account asked to change its email address to ${newEmail}. The change happens only when the link sent to that address is opened.`,
        `If this was not you, choose a new password now: that signs out every other session. The link below works once, within ${expiresInMinutes} minutes; after that, use "Forgot your password?" on the sign-in page.`,
      ],
      { label: "Choose a new password", url: resetUrl },
    ),
  PASSWORD_CHANGED: ({ firstName, resetUrl, expiresInMinutes }) =>
    compose(
      "Your password was changed",
      [
        `Hello ${firstName},`,
        "The password of your account was changed, and every other session was signed out.",
        `If this was not you, choose a new password now. The link below works once, within ${expiresInMinutes} minutes; after that, use "Forgot your password?" on the sign-in page.`,
      ],
      { label: "Choose a new password", url: resetUrl },
    ),
  // No link and no code: a notice that may reach a thief's inbox too must not hand anything over.
  SECOND_FACTOR_CHANGED: ({ firstName, change, at }) => compose(...secondFactorNotice(firstName, change, at)),
  SHARE_LINK_FRIEND_CONFIRMATION: ({ friendName, phone, email, postcode, referrerFirstName, withdrawUrl, keptDays }) =>
    compose(
      "Your details were added",
      [
        `Hello ${friendName},`,
        `You added your details through ${referrerFirstName}'s link, so that the ${PROGRAMME_NAME} may contact you about a quote. This is what we stored:`,
        {
          quote: [
            `Name: ${friendName}`,
            `Phone: ${formatPhone(phone)}`,
            `Email: ${email ?? "not given"}`,
            `Postcode: ${postcode ?? "not given"}`,
          ].join("\n"),
        },
        `We keep these details for ${keptDays} days unless you buy. You can withdraw them at any time with the link below: they are erased at once.`,
      ],
      { label: "Withdraw my details", url: withdrawUrl },
      `You are receiving this email because these details were entered on a ${PROGRAMME_NAME} share link page.`,
    ),
};

/**
 * "Questions…? Email help@… or call 0300 123 4567 (hours)." as the customer pages' footer words it;
 * nothing while neither an email nor a phone is set.
 */
function contactSentence(question: string, contact: EmailContact | undefined): string[] {
  if (!contact || (!contact.email && !contact.phone)) return [];
  const ways = [
    contact.email ? `email ${contact.email}` : "",
    contact.phone ? `call ${formatPhone(contact.phone)}` : "",
  ].filter(Boolean);
  const reach = ways.join(" or ");
  const hours = contact.hours ? ` (${contact.hours})` : "";
  return [`${question} ${reach.charAt(0).toUpperCase()}${reach.slice(1)}${hours}.`];
}

const NEW_PASSWORD_ADVICE =
  'choose a new password now with "Forgot your password?" on the sign-in page: that signs out every session';

function secondFactorNotice(firstName: string, change: SecondFactorChange, at: string): [string, Paragraph[]] {
  const hello = `Hello ${firstName},`;
  switch (change) {
    case "ENROLLED":
      return [
        "Two-step verification was turned on",
        [
          hello,
          `Two-step verification was turned on for your account on ${at} (UK time). Signing in now needs a code from the authenticator app that was set up, after the password.`,
          "If this was you, there is nothing more to do: keep your recovery codes somewhere safe.",
          `If this was not you, someone else is using your account and has linked their own device to it: ${NEW_PASSWORD_ADVICE}. Then ask the team that runs the ${PROGRAMME_NAME} to reset your two-step verification, so that you can set it up with your own phone.`,
        ],
      ];
    case "DISABLED":
      return [
        "Two-step verification was turned off",
        [
          hello,
          `Two-step verification was turned off for your account on ${at} (UK time). Signing in now needs only the password.`,
          "If this was you, there is nothing more to do.",
          `If this was not you, someone else is using your account: ${NEW_PASSWORD_ADVICE}. Then turn two-step verification on again from My Account.`,
        ],
      ];
    case "RESET":
      return [
        "Two-step verification was reset",
        [
          hello,
          `The team that runs the ${PROGRAMME_NAME} reset the two-step verification of your account on ${at} (UK time), and every session was signed out. You can sign in with your password alone, then set it up again from My Account.`,
          `If you did not ask for this, contact the team at once, and ${NEW_PASSWORD_ADVICE}.`,
        ],
      ];
  }
}

/** Every email type, in the order of the templates: the values the outbox list's `?type=` accepts. */
export const EMAIL_TYPES = Object.keys(emailTemplates) as EmailType[];
