import type { EmailType } from "../generated/prisma/client.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The data each kind of email needs. */
export interface EmailData {
  REGISTRATION_CONFIRMATION: { firstName: string };
  ACCOUNT_VERIFICATION: { firstName: string; signInUrl: string };
  ACCOUNT_REJECTION: { firstName: string; reason: string; correctUrl: string };
  NEW_REFERRAL_ALERT: { firstName: string; referralName: string };
  CREDITS_EARNED: { firstName: string; referralName: string; credit: string; totalCredits: string };
  MILESTONE_ACHIEVEMENT: { firstName: string; milestone: string; amount: string };
  MILESTONE_PAID: { firstName: string; milestone: string; amount: string };
  PASSWORD_RESET: { firstName: string; resetUrl: string; expiresInMinutes: number };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** Paragraphs become the text part and, escaped, the HTML part; a link becomes a button. */
function compose(subject: string, paragraphs: string[], link?: { label: string; url: string }): RenderedEmail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), "— The HNG Referral Scheme team"].join("\n\n");
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a202c;max-width:560px;margin:auto">`,
    `<h1 style="color:#0f5c5c;font-size:20px">${escapeHtml(subject)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="background:#0f5c5c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
      : "",
    `<p style="color:#4a5568">— The HNG Referral Scheme team</p></body></html>`,
  ].join("");
  return { subject, text, html };
}

export const emailTemplates: { [K in EmailType]: (data: EmailData[K]) => RenderedEmail } = {
  REGISTRATION_CONFIRMATION: ({ firstName }) =>
    compose("We have received your registration", [
      `Hello ${firstName},`,
      "Thank you for registering for the HNG Referral Scheme. Our team will review your details, typically within 1-2 business days, and email you as soon as your account is verified.",
    ]),
  ACCOUNT_VERIFICATION: ({ firstName, signInUrl }) =>
    compose(
      "Your account is verified",
      [`Hello ${firstName},`, "Your account has been verified and activated. You can now refer friends and family and earn 11% of what they spend towards a full refund."],
      { label: "Sign in", url: signInUrl },
    ),
  ACCOUNT_REJECTION: ({ firstName, reason, correctUrl }) =>
    compose(
      "Your registration needs attention",
      [`Hello ${firstName},`, "We could not verify your registration for this reason:", reason, "You can correct your details and submit them again."],
      { label: "Correct my details", url: correctUrl },
    ),
  NEW_REFERRAL_ALERT: ({ firstName, referralName }) =>
    compose("Referral added", [
      `Hello ${firstName},`,
      `${referralName} has been added to your referrals. You will earn credits when they make a purchase.`,
    ]),
  CREDITS_EARNED: ({ firstName, referralName, credit, totalCredits }) =>
    compose("You have earned credits", [
      `Hello ${firstName},`,
      `${referralName} made a purchase and you earned ${credit}. Your credits now total ${totalCredits}.`,
    ]),
  MILESTONE_ACHIEVEMENT: ({ firstName, milestone, amount }) =>
    compose(`You have reached the ${milestone} milestone`, [
      `Hello ${firstName},`,
      `Congratulations! You have reached the ${milestone} milestone: ${amount} is ready to be paid to you. Our team will process it shortly.`,
    ]),
  MILESTONE_PAID: ({ firstName, milestone, amount }) =>
    compose(`Your ${milestone} milestone has been paid`, [
      `Hello ${firstName},`,
      `We have paid your ${milestone} milestone reward of ${amount}.`,
    ]),
  PASSWORD_RESET: ({ firstName, resetUrl, expiresInMinutes }) =>
    compose(
      "Confirm your new password",
      [
        `Hello ${firstName},`,
        `Someone asked to change the password of your account. If it was you, open the link below within ${expiresInMinutes} minutes to apply the new password; every other session will be signed out.`,
        "If it was not you, ignore this email: nothing changes.",
      ],
      { label: "Apply my new password", url: resetUrl },
    ),
};
