// The friend's page, /r/<code>: server-rendered HTML with inline CSS, no script, so it works with
// JavaScript off (a plain form post back to the same path) and shows nothing the visitor may not see:
// the programme in a sentence and the referrer's first name (docs/rules/share-links.md).
import { PROGRAMME_NAME } from "../emails/index.ts";
import type { AppDeps } from "../graphql/context.ts";
import type { PageAnswer, PublicPageRequest, PublicPages } from "../http/server.ts";
import {
  CONSENT_WORDING,
  CONSENT_WORDING_VERSION,
  countOpen,
  type FriendForm,
  type FriendOutcome,
  isWithdrawalToken,
  linkForFriendPage,
  submitFriendDetails,
  withdrawFriendDetails,
} from "./service.ts";

const PAGE_PATH = /^\/r\/([^/]{1,64})\/?$/;
const WITHDRAW_PATH = "withdraw";

export const FRIEND_PAGE_TEXTS = {
  inactiveTitle: "This link is no longer active",
  inactive:
    "The link you followed no longer works: it may have been replaced by a newer one. Ask the person who sent it for their current link.",
  receivedTitle: "Thank you",
  received:
    "We have your request. If your details can be added, our team will contact you about a quote, and if you gave an email address we will email you what we stored, with a link to withdraw it.",
  throttledTitle: "Please try again later",
  stale: "This form had expired. Please check your details and send it again.",
  withdrawTitle: "Withdraw your details",
  withdrawAsk: "Your name, phone number, email and postcode will be erased at once. This cannot be undone.",
  withdrawnTitle: "Your details were erased",
  withdrawn: "We have erased the details you gave us. We will not contact you about them.",
  withdrawInvalidTitle: "This link cannot be used",
  withdrawInvalid:
    "This withdrawal link has already been used, or is not valid. If you still want your details erased, contact us.",
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

// The theme's colours (web/src/theme/system.ts): brand 700 on white, red 700 for errors; all pass WCAG AA.
const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a202c;background:#effaf8}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.brand{color:#11625c;font-weight:700;margin:0 0 .5rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}.hint{font-weight:400;color:#4a5568}
input[type=text],input[type=tel],input[type=email]{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #718096;border-radius:8px}
input:focus{outline:3px solid #3bb2a3;outline-offset:1px}.consent{display:flex;gap:.75rem;align-items:flex-start;font-weight:400;margin-top:1.25rem}
.consent input{width:1.25rem;height:1.25rem;margin-top:.15rem;flex:none}
button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;color:#fff;background:#11625c;border:0;border-radius:8px;padding:.75rem 1rem;cursor:pointer}
button:hover{background:#104f4b}.error{color:#b91c1c;margin:.25rem 0 0}[aria-invalid=true]{border-color:#b91c1c!important}
.alert{border-left:4px solid #b91c1c;background:#fef2f2;padding:.75rem 1rem;margin:0 0 1rem}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}.small{font-size:.875rem;color:#4a5568}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="description" content="${escapeHtml(`${PROGRAMME_NAME}: ask for a quote`)}"><title>${escapeHtml(`${title} · ${PROGRAMME_NAME}`)}</title><style>${CSS}</style></head><body><main><div class="card"><p class="brand">${escapeHtml(PROGRAMME_NAME)}</p>${body}</div></main></body></html>`;
}

function messagePage(status: number, title: string, text: string, headers?: Record<string, string>): PageAnswer {
  return { status, html: page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`), headers };
}

interface FormState {
  values: Record<string, string>;
  error?: { field: string; message: string };
  notice?: string;
}

const FIELDS: { name: string; label: string; type: string; autocomplete: string; hint?: string; required: boolean }[] =
  [
    { name: "name", label: "Your full name", type: "text", autocomplete: "name", required: true },
    { name: "phone", label: "Your phone number", type: "tel", autocomplete: "tel", required: true },
    { name: "email", label: "Your email", type: "email", autocomplete: "email", hint: "(optional)", required: false },
    { name: "postcode", label: "Your postcode", type: "text", autocomplete: "postal-code", required: true },
  ];

function formPage(
  code: string,
  firstName: string,
  stamp: string,
  state: FormState = { values: {} },
  status = 200,
): PageAnswer {
  const { error } = state;
  const field = (f: (typeof FIELDS)[number]) => {
    const invalid = error?.field === f.name;
    const errorId = `${f.name}-error`;
    return `<label for="${f.name}">${escapeHtml(f.label)}${f.hint ? ` <span class="hint">${escapeHtml(f.hint)}</span>` : ""}</label><input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}"${f.required ? " required" : ""} value="${escapeHtml(state.values[f.name] ?? "")}"${invalid ? ` aria-invalid="true" aria-describedby="${errorId}"` : ""}>${invalid ? `<p class="error" id="${errorId}">${escapeHtml(error?.message ?? "")}</p>` : ""}`;
  };
  const consentInvalid = error?.field === "consent";
  const body = [
    `<h1>${escapeHtml(firstName)} thinks you may like a quote</h1>`,
    `<p>${escapeHtml(firstName)} is a customer of the ${escapeHtml(PROGRAMME_NAME)}. Leave your details and our team will contact you about a quote, with no obligation to buy.</p>`,
    state.notice ? `<p class="alert" role="alert">${escapeHtml(state.notice)}</p>` : "",
    error && !FIELDS.some((f) => f.name === error.field) && !consentInvalid
      ? `<p class="alert" role="alert">${escapeHtml(error.message)}</p>`
      : "",
    `<form method="post" action="/r/${escapeHtml(code)}" novalidate>`,
    ...FIELDS.map(field),
    `<div class="trap" aria-hidden="true"><label for="website">Leave this field empty</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off"></div>`,
    `<input type="hidden" name="stamp" value="${escapeHtml(stamp)}"><input type="hidden" name="wording" value="${CONSENT_WORDING_VERSION}">`,
    `<label class="consent" for="consent"><input id="consent" name="consent" type="checkbox" value="yes" required${consentInvalid ? ` aria-invalid="true" aria-describedby="consent-error"` : ""}><span>${escapeHtml(CONSENT_WORDING)}.</span></label>`,
    consentInvalid ? `<p class="error" id="consent-error">${escapeHtml(error?.message ?? "")}</p>` : "",
    `<button type="submit">Send my details</button>`,
    `</form>`,
    `<p class="small">We use your details only to contact you about a quote. ${escapeHtml(firstName)} sees your name and whether you buy, nothing else you type here.</p>`,
  ].join("");
  return { status, html: page(`${firstName} thinks you may like a quote`, body) };
}

function withdrawAskPage(token: string): PageAnswer {
  const t = FRIEND_PAGE_TEXTS;
  const body = `<h1>${t.withdrawTitle}</h1><p>${t.withdrawAsk}</p><form method="post" action="/r/${WITHDRAW_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Erase my details</button></form>`;
  return { status: 200, html: page(t.withdrawTitle, body) };
}

const formValues = (form: URLSearchParams): Record<string, string> =>
  Object.fromEntries(FIELDS.map((f) => [f.name, (form.get(f.name) ?? "").slice(0, 600)]));

function outcomePage(outcome: FriendOutcome, code: string, firstName: string, stamp: string, form: URLSearchParams) {
  const t = FRIEND_PAGE_TEXTS;
  switch (outcome.kind) {
    case "inactive":
      return messagePage(410, t.inactiveTitle, t.inactive);
    case "stale":
      return formPage(code, firstName, stamp, { values: formValues(form), notice: t.stale }, 400);
    case "invalid":
      return formPage(code, firstName, stamp, { values: formValues(form), error: outcome }, 400);
    case "throttled":
      return messagePage(429, t.throttledTitle, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
    case "received":
      return messagePage(200, t.receivedTitle, t.received);
  }
}

/** The public pages' forms and their fields, for the input fuzz test (api/test/fuzz/targets.ts). */
export const FRIEND_PAGE_FORMS = [
  { path: "/r/:code", fields: ["name", "phone", "email", "postcode", "consent", "website", "stamp"] },
  { path: `/r/${WITHDRAW_PATH}`, fields: ["token"] },
] as const;

/** The share link's public pages, as the HTTP server takes them (compose/server.ts). */
export const friendPages: PublicPages = {
  matches: (pathname) => PAGE_PATH.test(pathname),
  async answer(app: AppDeps, request: PublicPageRequest): Promise<PageAnswer> {
    const segment = decodedSegment(PAGE_PATH.exec(request.pathname)?.[1] ?? "");
    if (segment === WITHDRAW_PATH) return withdrawPage(app, request);
    const t = FRIEND_PAGE_TEXTS;
    const link = await linkForFriendPage(app.prisma, segment);
    if (!link) return messagePage(404, t.inactiveTitle, t.inactive);
    if (request.method !== "POST") {
      if (!link.active) return messagePage(410, t.inactiveTitle, t.inactive);
      // An open is a counter for the code and day, nothing more (HEAD is a check, not an open).
      if (request.method === "GET") await countOpen(app.prisma, link.id);
      return formPage(link.code, link.referrerFirstName, app.shareLinkGuard.formStamp(link.code));
    }
    const form = request.form ?? new URLSearchParams();
    const fields: FriendForm = {
      name: form.get("name") ?? "",
      phone: form.get("phone") ?? "",
      email: form.get("email") ?? "",
      postcode: form.get("postcode") ?? "",
      consent: form.get("consent"),
      website: form.get("website") ?? "",
      stamp: form.get("stamp"),
    };
    const { outcome, setCookie } = await submitFriendDetails(app.prisma, app.shareLinkGuard, {
      code: link.code,
      form: fields,
      ip: request.ip,
      cookieHeader: request.cookieHeader,
      publicUrl: app.config.publicUrl,
      minFillSeconds: app.config.shareLinkLimits.minFillSeconds,
    });
    const answer = outcomePage(
      outcome,
      link.code,
      link.referrerFirstName,
      app.shareLinkGuard.formStamp(link.code),
      form,
    );
    return setCookie ? { ...answer, headers: { ...answer.headers, "Set-Cookie": setCookie } } : answer;
  },
};

/** A path segment as text; a malformed escape is simply no code. */
function decodedSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

/** GET shows what the link does (a mail scanner opening it erases nothing); the POST erases. */
async function withdrawPage(app: AppDeps, request: PublicPageRequest): Promise<PageAnswer> {
  const t = FRIEND_PAGE_TEXTS;
  if (request.method !== "POST") {
    const token = request.query.get("token") ?? "";
    if (!(await isWithdrawalToken(app.prisma, token)))
      return messagePage(400, t.withdrawInvalidTitle, t.withdrawInvalid);
    return withdrawAskPage(token);
  }
  const erased = await withdrawFriendDetails(app.prisma, request.form?.get("token"), request.ip);
  return erased
    ? messagePage(200, t.withdrawnTitle, t.withdrawn)
    : messagePage(400, t.withdrawInvalidTitle, t.withdrawInvalid);
}
