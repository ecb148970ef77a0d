/*
 * Where a share link can be sent from a phone: the apps' own "send this text" addresses, each with
 * the server's prefilled message (ShareLink.shareMessage, which ends with the link).
 */

export const SHARE_SUBJECT = "A referral for you";

export interface ShareTarget {
  /** The visible label; the link's accessible name contains it. */
  label: string;
  href: string;
}

/** WhatsApp, SMS and email, in that order. */
export function shareTargets(message: string): ShareTarget[] {
  const text = encodeURIComponent(message);
  return [
    { label: "WhatsApp", href: `https://wa.me/?text=${text}` },
    // "?&body=" is read by both iOS Messages and Android's SMS apps.
    { label: "SMS", href: `sms:?&body=${text}` },
    { label: "Email", href: `mailto:?subject=${encodeURIComponent(SHARE_SUBJECT)}&body=${text}` },
  ];
}

/** True where the browser offers the phone's share sheet (the Web Share API). */
export function canUseShareSheet(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

/**
 * Puts `text` on the clipboard: the Clipboard API where the page may use it, else the older
 * select-and-copy on a hidden field (an http origin, an older phone). Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): try the older way.
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.appendChild(field);
  field.select();
  try {
    return document.execCommand?.("copy") ?? false;
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
