import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

// Throwaway email domains (the DISPOSABLE_EMAIL signal, docs/rules/fraud.md): the maintained list of
// the disposable-email-domains project, as the npm package disposable-email-domains-js ships it.
// Read into a Set once: the package's own isDisposableEmailDomain builds a new Set of the whole list
// on every call, which would cost milliseconds on every add.
let domains: Set<string> | undefined;

/** Whether the domain, or a domain it is under ("x.mailinator.com"), is on the list. */
export function isDisposableDomain(domain: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  const labels = domain.trim().toLowerCase().split(".");
  for (let i = 0; i < labels.length - 1; i++) if (domains.has(labels.slice(i).join("."))) return true;
  return false;
}
