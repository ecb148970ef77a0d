// What other domains' REST files use of fraud: the signals' GraphQL selection and their REST shape
// on the admin referral answers (docs/rules/fraud.md, "Signals"). No rule loads from here.
import { z } from "zod";
import { timestamp } from "../rest/docSchemas.ts";

/** The selection of an admin referral's signals, for a REST path's operation. */
export const SIGNAL_FIELDS = "signalCount signals { kind words evidence noticedAt }";

/** The documented REST shape: `signals` (kind in lower case) and `signalCount`. */
export const restSignalFields = {
  signals: z
    .array(
      z.object({
        kind: z.string().describe("same_postcode, referrer_email, referrer_phone, disposable_email, ..."),
        words: z.string().describe("What it means, in plain words"),
        evidence: z.string().nullable().describe("What matched; null once the referral's details were erased"),
        noticedAt: timestamp,
      }),
    )
    .describe("Why the referral looks wrong (administrators only)"),
  signalCount: z.number().int(),
};

/** A node's signals as REST gives them. */
export function toRestSignals(node: { signals?: any[]; signalCount?: number }) {
  return {
    signals: (node.signals ?? []).map((signal) => ({
      kind: String(signal.kind).toLowerCase(),
      words: signal.words,
      evidence: signal.evidence,
      noticedAt: signal.noticedAt,
    })),
    signalCount: node.signalCount ?? 0,
  };
}
