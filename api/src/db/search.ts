import type { Expression, SqlBool } from "kysely";
import { ValidationError } from "../lib/errors.ts";
import { normalisePhone } from "../lib/phone.ts";
import { TEXT_FIELDS } from "../lib/textFields.ts";
import { parseText } from "../lib/validation.ts";
import { queryBuilder, sql } from "./query.ts";

// The administrators' search, one rule for every admin list (docs/rules/lists.md, "Searching the admin lists"):
// a term matches a customer or referral when it is part of its search text (any case; postcodes
// and phones also without spaces, phones in any UK format). A name with a typo matches too, when
// the term matches nothing as typed (TYPO_BELOW): a word close to a word of a person's
// name (pg_trgm word_similarity), or several words close to the whole name (similarity), at the
// thresholds the pool sets (db/sql.ts). Each searched table has one lower-cased search text with a
// GIN trigram index, and the people's names one more each (prisma/migrations/*_admin_search,
// *_admin_name_search): the expressions below must stay exactly as indexed.

/** Trigrams need three characters: a shorter term would read every row of the index. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_TOO_SHORT = `Search for at least ${SEARCH_MIN_LENGTH} characters.`;

/** The rule as the API documents it on every list's `search` argument. */
export const SEARCH_DESCRIPTION =
  "The admin search: name, email, phone (any UK format), postcode (any spacing), contract number or username; " +
  "any case, a part of a word, or a name with a typo. Referral lists match the friend's details and the referring customer's. " +
  `At least ${SEARCH_MIN_LENGTH} characters, at most 200; blank means no search.`;

/** A search's bound parameters; a statement with a search condition takes all four (a type: precompile's params). */
export type SearchParams = {
  /** The term, trimmed, lower-cased, runs of spaces as one, compared for typos when it is a name; "" (matches nothing) otherwise. */
  searchText: string;
  /** `%term%` as an ILIKE pattern. */
  searchLike: string;
  /**
   * `%term%` without its spaces: "sw1a1aa" finds "SW1A 1AA", "07400 123" finds "07400123456". Null
   * when it is the same pattern as `searchLike`: a null pattern is an empty index scan, where the
   * same pattern twice would read its trigrams' posting lists twice.
   */
  searchCompact: string | null;
  /** `%+447400123456%` when the term is a whole UK phone number in any format, its digits when it looks like part of one; null when neither (or the same as a pattern above). */
  searchPhone: string | null;
  /** The digits of a whole phone number typed in any format ("07400 123456" gives "447400123456"), else null. */
  searchPhoneDigits: string | null;
};

/**
 * Typos are forgiven in names only (letters, spaces, hyphens, apostrophes): every phone shares most
 * trigrams with the next, and every email its domain, so a near match of those means nothing.
 */
const NAME_LIKE = /^[\p{L}' -]+$/u;

/** Digits with the punctuation people type in phone numbers. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search as typed, by its rule (lib/textFields.ts: at most 200 characters), or null when blank;
 * a term shorter than SEARCH_MIN_LENGTH is refused (BAD_INPUT).
 */
export function parseSearch(search: string | null | undefined): SearchParams | null {
  const text = parseText(TEXT_FIELDS.search, search, "search").replace(/\s+/g, " ").toLowerCase();
  if (!text) return null;
  if (text.length < SEARCH_MIN_LENGTH) throw new ValidationError(SEARCH_TOO_SHORT, "search");
  const like = `%${escapeLike(text)}%`;
  const compact = `%${escapeLike(text.replace(/ /g, ""))}%`;
  // A whole number in E.164 (UK as typed, others in international form); else a number typed with brackets, dots or hyphens, as its digits.
  const wholePhone = normalisePhone(text);
  const phoneDigits = wholePhone ?? (PHONE_LIKE.test(text) ? text.replace(/[^\d+]/g, "").replace(/^00/, "+") : null);
  const phone = phoneDigits ? `%${escapeLike(phoneDigits)}%` : null;
  return {
    searchText: NAME_LIKE.test(text) ? text : "",
    searchLike: like,
    searchCompact: compact === like ? null : compact,
    searchPhone: phone === like || phone === compact ? null : phone,
    searchPhoneDigits: wholePhone ? wholePhone.replace(/\D/g, "") : null,
  };
}

/** Values for a statement compiled without a search: its parameters are unused. */
export const NO_SEARCH: SearchParams = {
  searchText: "",
  searchLike: "",
  searchCompact: null,
  searchPhone: null,
  searchPhoneDigits: null,
};

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** A User's search text (alias given): username, email, first and last name. */
const userSearchText = (u: string) =>
  sql<string>`lower(${ref(u, "username")}::text || ' ' || ${ref(u, "email")}::text || ' ' || coalesce(${ref(u, "firstName")}, '') || ' ' || coalesce(${ref(u, "lastName")}, ''))`;

/** A CustomerProfile's search text: contract number, postcode as stored and without spaces. */
const customerSearchText = (c: string) =>
  sql<string>`lower(${ref(c, "contractNumber")} || ' ' || ${ref(c, "postcode")} || ' ' || replace(${ref(c, "postcode")}, ' ', ''))`;

/** A Referral's search text: the friend's name, email, and phone in E.164 and national form. */
const referralSearchText = (r: string) =>
  sql<string>`lower(coalesce(${ref(r, "name")}, '') || ' ' || coalesce(${ref(r, "email")}::text, '') || ' ' || coalesce(${ref(r, "phone")}, '') || ' ' || coalesce('0' || substr(${ref(r, "phone")}, 4), ''))`;

/** A friend's name as its trigram index has it. */
const referralName = (r: string) => sql<string>`lower(coalesce(${ref(r, "name")}, ''))`;

/** A user's first and last name as its trigram index has it. */
const userName = (u: string) =>
  sql<string>`lower(coalesce(${ref(u, "firstName")}, '') || ' ' || coalesce(${ref(u, "lastName")}, ''))`;

/**
 * Which statement a search needs: none, substrings only, substrings then typos of a one-word name
 * ("name") or of a name of several words ("fullName"), or a whole phone number. Each is its own
 * statement: a typo arm with nothing to compare would make the planner scan every row.
 */
export type SearchKind = "none" | "text" | "name" | "fullName" | "phone";
export const searchKind = (search: SearchParams | null): SearchKind =>
  search === null
    ? "none"
    : search.searchText
      ? search.searchText.includes(" ")
        ? "fullName"
        : "name"
      : search.searchPhoneDigits
        ? "phone"
        : "text";

const forgivesTypos = (kind: SearchKind) => kind === "name" || kind === "fullName";

/**
 * Typos are looked for only when the term as typed matches nothing: a name that matches is what was
 * meant ("Matilda Cox" should not list Matilda Fox beside her), and a common first name would send
 * thousands of near misses through the typo arm's recheck (docs/performance.md).
 */
export const TYPO_BELOW = 1;

/** The exact arms: the term (as typed, without spaces, as a phone) inside one search text, each answered by its trigram index. */
function substrings(text: Expression<string>, p: SearchParams): Expression<SqlBool> {
  return sql<SqlBool>`(${text} ILIKE ${p.searchLike} OR ${text} ILIKE ${p.searchCompact} OR ${text} ILIKE ${p.searchPhone})`;
}

/**
 * The typo arm on a person's name: one word against the name's words (word similarity: "thompsom"
 * finds Margaret Thompson), several words against the whole name (similarity: "matilda cx" finds
 * Matilda Cox but not every Matilda, whose first name alone is most of the term's trigrams).
 */
function nameTypo(name: Expression<string>, p: SearchParams, kind: SearchKind): Expression<SqlBool> {
  return kind === "fullName"
    ? sql<SqlBool>`${name} % ${p.searchText}::text`
    : sql<SqlBool>`${p.searchText}::text <% ${name}`;
}

/** True while the exact matches kept as `cte` are fewer than TYPO_BELOW: computed once, it skips the typo arm's scans. */
const fewerThanAPage = (cte: string) =>
  sql<SqlBool>`(SELECT count(*) FROM (SELECT 1 FROM ${sql.table(cte)} LIMIT ${sql.lit(TYPO_BELOW)}) AS page) < ${sql.lit(TYPO_BELOW)}`;

/**
 * Which of a customer's details a search matches: all of them (administrators), or only what the
 * staff card shows (docs/rules/roles.md): the name, postcode and contract number, not the email or username.
 */
export type CustomerSearchScope = "admin" | "staff";

/** The customers whose profile or account contains the term. */
const exactCustomerIds = (p: SearchParams, scope: CustomerSearchScope = "admin") =>
  queryBuilder
    .selectFrom("CustomerProfile as sc")
    .select("sc.id")
    .where(substrings(customerSearchText("sc"), p))
    .union(
      queryBuilder
        .selectFrom("User as su")
        .innerJoin("CustomerProfile as suc", "suc.userId", "su.id")
        .select("suc.id")
        .where(substrings(userSearchText("su"), p))
        // The index finds the accounts; staff keep those whose name itself matches.
        .$if(scope === "staff", (query) => query.where(substrings(userName("su"), p))),
    );

/** The customers whose name is close to the term. */
const typoCustomerIds = (p: SearchParams, kind: SearchKind) =>
  queryBuilder
    .selectFrom("User as tu")
    .innerJoin("CustomerProfile as tuc", "tuc.userId", "tu.id")
    .select("tuc.id")
    .where(nameTypo(userName("tu"), p, kind));

/** The ids of the customers (CustomerProfile) whose account or profile matches. */
export function matchingCustomerIds(p: SearchParams, kind: SearchKind, scope: CustomerSearchScope = "admin") {
  if (!forgivesTypos(kind)) return exactCustomerIds(p, scope);
  return queryBuilder
    .with("search_customers", () => exactCustomerIds(p, scope))
    .selectFrom("search_customers")
    .select("search_customers.id")
    .union(typoCustomerIds(p, kind).where(fewerThanAPage("search_customers")));
}

/** The referrals whose friend's search text contains the term, or whose customer's does. */
const exactReferralIds = (p: SearchParams) =>
  queryBuilder
    .selectFrom("Referral as sr")
    .select("sr.id")
    .where(substrings(referralSearchText("sr"), p))
    .union(
      queryBuilder.selectFrom("Referral as src").select("src.id").where("src.customerId", "in", exactCustomerIds(p)),
    );

/**
 * The ids of the referrals whose friend matches, or whose referring customer does. A whole phone
 * number finds the friends with that number through the digits column's index ("phoneDigits",
 * generated from the phone): every phone shares most trigrams with the next, so the search text's
 * trigram index read thousands of rows for it.
 */
export function matchingReferralIds(p: SearchParams, kind: SearchKind) {
  if (kind === "phone")
    return queryBuilder
      .selectFrom("Referral as sr")
      .select("sr.id")
      .where(sql<SqlBool>`${sql.ref("sr.phoneDigits")} = ${p.searchPhoneDigits}`)
      .union(
        queryBuilder.selectFrom("Referral as src").select("src.id").where("src.customerId", "in", exactCustomerIds(p)),
      );
  if (!forgivesTypos(kind)) return exactReferralIds(p);
  const gate = fewerThanAPage("search_referrals");
  return queryBuilder
    .with("search_referrals", () => exactReferralIds(p))
    .selectFrom("search_referrals")
    .select("search_referrals.id")
    .union(
      queryBuilder
        .selectFrom("Referral as tr")
        .select("tr.id")
        .where(gate)
        .where(nameTypo(referralName("tr"), p, kind)),
    )
    .union(
      queryBuilder
        .selectFrom("Referral as trc")
        .select("trc.id")
        .where(gate)
        .where("trc.customerId", "in", typoCustomerIds(p, kind)),
    );
}
