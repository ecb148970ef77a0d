import { createHash } from "node:crypto";
import { lockUntilCommit } from "../db/locks.ts";
import type { Db, Tx } from "../db/prisma.ts";
import { queryBuilder, run, sql } from "../db/query.ts";
import type { Context } from "../graphql/context.ts";
import { ConflictError, IdempotencyKeyReusedError, RateLimitedError, ValidationError } from "../lib/errors.ts";

export const IDEMPOTENCY_KEY_DESCRIPTION =
  "Optional, 1 to 255 printable characters (REST: the Idempotency-Key header). A retry with the same key and input within 24 hours returns the first success without doing anything again; a refusal is not kept, so its retry runs again. The same key with other input is refused (IDEMPOTENCY_KEY_REUSED). At most IDEMPOTENCY_KEYS_PER_HOUR (default 1,000) new keys an hour per caller (RATE_LIMITED, REST 429).";

/** How long a key's first answer is kept (and replayed). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** The window of the per-caller bound on new keys (IDEMPOTENCY_KEYS_PER_HOUR): any hour, rolling. */
const KEY_BOUND_WINDOW_MS = 60 * 60 * 1000;
/** 1 to 255 printable ASCII characters (space included, as Stripe and the IETF draft allow). */
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/**
 * Who a key belongs to: keys of different callers never meet. A token's key is the token's, not
 * its creator's: two integrations of one administrator never replay each other's answers.
 */
export function callerKeyOf(context: Pick<Context, "viewer" | "apiToken">): string | null {
  if (context.apiToken) return `token:${context.apiToken.token.id}`;
  return context.viewer ? `user:${context.viewer.id}` : null;
}

interface Claim {
  caller: string;
  key: string;
  operation: string;
  fingerprint: string;
}

/** Only effects are kept: a refusal did nothing, so its retry runs again (docs/api.md, "Idempotent writes"). */
type StoredAnswer = { result: unknown };

/** Thrown inside the effect's transaction when another request holds the key: it rolls back, then replays. */
class ClaimTaken extends Error {}

/** JSON with sorted keys, null and absent fields alike: the same input gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function fingerprintOf(input: Record<string, unknown>): string {
  return createHash("sha256").update(canonicalJson(input)).digest("hex");
}

/** A result as JSON that brings its Dates back (Prisma rows carry them). */
function encode(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
      const original = this[key];
      return original instanceof Date ? { $date: original.toISOString() } : v;
    }),
  );
}

function decode(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1 && typeof v.$date === "string"
      ? new Date(v.$date)
      : v,
  );
}

/**
 * Runs a write at most once per (caller, key): the claim row is inserted in the effect's own
 * transaction, with the result, so the effect and its recorded answer commit together. A concurrent
 * request with the same key waits until the first commits, then replays its answer; the same key with
 * other input is refused (IDEMPOTENCY_KEY_REUSED, REST 422). A refusal rolls the claim back with
 * everything else: no row, and a retry runs again. A caller's new keys are bounded per hour
 * (`keysPerHour`, IDEMPOTENCY_KEYS_PER_HOUR): past it, RATE_LIMITED and nothing done.
 * `run` receives the client to use: its `$transaction` claims the key first.
 */
export async function idempotent<T>(
  context: Pick<Context, "viewer" | "prisma" | "apiToken" | "app">,
  operation: string,
  input: { idempotencyKey?: string | null } & Record<string, unknown>,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const { idempotencyKey: key, ...rest } = input;
  const caller = callerKeyOf(context);
  if (key == null || caller === null) return run(context.prisma);
  if (!KEY_SHAPE.test(key))
    throw new ValidationError("idempotencyKey must be 1 to 255 printable ASCII characters", "idempotencyKey");
  const claim: Claim = { caller, key, operation, fingerprint: fingerprintOf(rest) };
  const db = context.prisma;

  const earlier = await findClaim(db, claim);
  if (earlier) return replay<T>(earlier, claim);
  try {
    return await run(claimingClient(db, claim, context.app.config.idempotencyKeysPerHour));
  } catch (error) {
    if (error instanceof ClaimTaken) return replayStored<T>(db, claim);
    throw error;
  }
}

/** The client whose first `$transaction` inserts the claim, then runs the effect, then records its result. */
function claimingClient(db: Db, claim: Claim, keysPerHour: number): Db {
  let claimed = false;
  const transaction = (fn: (tx: any) => Promise<unknown>, options?: unknown) =>
    (db.$transaction as any)(async (tx: any) => {
      if (claimed) return fn(tx);
      claimed = true;
      // One caller's new keys are counted one at a time, so concurrent requests cannot pass the bound together.
      await lockUntilCommit(tx, `idempotency-caller:${claim.caller}`);
      if (!(await insertClaim(tx, claim, { result: null }, 0))) throw new ClaimTaken();
      await assertUnderKeyBound(tx, claim.caller, keysPerHour);
      const result = await fn(tx);
      await tx.idempotencyKey.update({
        where: { caller_key: { caller: claim.caller, key: claim.key } },
        data: { response: encode({ result }) as object, status: 200 },
      });
      return result;
    }, options);
  return new Proxy(db, {
    get: (target, property, receiver) =>
      property === "$transaction" ? transaction : Reflect.get(target, property, receiver),
  });
}

/**
 * At most `keysPerHour` keys of this caller created in the hour before now, the claim just inserted
 * included (a replay adds none). Past it the transaction rolls back: the claim and the effect with it.
 */
async function assertUnderKeyBound(tx: Tx, caller: string, keysPerHour: number): Promise<void> {
  const since = new Date(Date.now() - KEY_BOUND_WINDOW_MS);
  const recent = await tx.idempotencyKey.findMany({
    where: { caller, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: keysPerHour + 1,
  });
  // recent[0] is the claim itself; a new key fits again once the caller's Nth newest earlier key leaves the hour.
  const leavesNext = recent.length > keysPerHour ? recent[keysPerHour] : undefined;
  if (!leavesNext) return;
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((leavesNext.createdAt.getTime() + KEY_BOUND_WINDOW_MS - Date.now()) / 1000),
  );
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new RateLimitedError(
    `Too many new idempotency keys: at most ${keysPerHour.toLocaleString("en-GB")} an hour for one caller (a user or an API token). Nothing was done; retry in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  );
}

/**
 * Inserts the claim (an expired row of the same key goes first). Under READ COMMITTED a concurrent
 * insert of the same key makes this wait for that transaction: false once it committed.
 */
async function insertClaim(
  db: Pick<Db, "idempotencyKey">,
  claim: Claim,
  answer: StoredAnswer,
  status: number,
): Promise<boolean> {
  const now = new Date();
  await db.idempotencyKey.deleteMany({ where: { caller: claim.caller, key: claim.key, expiresAt: { lte: now } } });
  const { count } = await db.idempotencyKey.createMany({
    data: [
      {
        ...claim,
        response: encode(answer) as object,
        status,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}

async function findClaim(db: Db, claim: Claim) {
  return db.idempotencyKey.findFirst({
    where: { caller: claim.caller, key: claim.key, expiresAt: { gt: new Date() } },
  });
}

async function replayStored<T>(db: Db, claim: Claim): Promise<T> {
  const stored = await findClaim(db, claim);
  // The first request's transaction committed before ours saw the key; gone only if it expired meanwhile.
  if (!stored) throw new ConflictError("A request with this Idempotency-Key is still in progress; retry shortly");
  return replay<T>(stored, claim);
}

function replay<T>(
  stored: { operation: string; fingerprint: string; response: unknown; status: number },
  claim: Claim,
): T {
  if (stored.operation !== claim.operation || stored.fingerprint !== claim.fingerprint)
    throw new IdempotencyKeyReusedError();
  return (decode(stored.response) as StoredAnswer).result as T;
}

/** Deletes the keys past their 24 hours; run hourly by the job runner (compose/jobs.ts) and safe on several instances. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** What an erasure removes from the stored answers: the erased account's own keys, and the values erased. */
export interface ErasedPerson {
  /** The erased account's callers ("user:<id>"): it can never call again, so its keys go. */
  callers?: readonly string[];
  /** The personal data erased (names, addresses, phone numbers, postcodes...): null or blank ones are skipped. */
  values: readonly (string | null | undefined)[];
}

/** A LIKE pattern for a value as it appears inside jsonb's text (JSON-escaped), LIKE's own characters escaped. */
function jsonTextPattern(value: string): string {
  const inJson = JSON.stringify(value).slice(1, -1);
  return `%${inJson.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each string that holds an erased value (whole, or as a word or more of it) becomes null. */
function redacted(value: unknown, holdsErased: (text: string) => boolean): unknown {
  if (typeof value === "string") return holdsErased(value) ? null : value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, holdsErased));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redacted(item, holdsErased)]));
  return value;
}

/**
 * Erasure's part in the stored answers (docs/rules/privacy.md), in the erasing transaction: the erased
 * account's own keys are deleted, and in every other caller's answers each string holding an erased
 * value is set to null. The key itself stays, so a retry still replays and never runs the write again;
 * it just no longer carries the person.
 */
export async function eraseFromIdempotentAnswers(tx: Tx, person: ErasedPerson): Promise<number> {
  let changed = 0;
  if (person.callers && person.callers.length > 0)
    changed += (await tx.idempotencyKey.deleteMany({ where: { caller: { in: [...person.callers] } } })).count;
  const values = [...new Set(person.values.map((value) => value?.trim()).filter((value): value is string => !!value))];
  if (values.length === 0) return changed;
  const words = new RegExp(`(^|\\W)(${values.map(escapeRegExp).join("|")})($|\\W)`, "iu");
  const holdsErased = (text: string) => words.test(text);
  const candidates = await run(
    tx,
    queryBuilder
      .selectFrom("IdempotencyKey")
      .select(["id", "response"])
      .where(sql<boolean>`"response"::text ilike any(${values.map(jsonTextPattern)}::text[])`)
      .forUpdate(),
  );
  for (const row of candidates) {
    const response = redacted(row.response, holdsErased);
    if (JSON.stringify(response) === JSON.stringify(row.response)) continue;
    await tx.idempotencyKey.update({ where: { id: row.id }, data: { response: response as object } });
    changed += 1;
  }
  return changed;
}
