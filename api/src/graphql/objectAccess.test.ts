import { type GraphQLNamedType, getNamedType, isInterfaceType, isObjectType, isUnionType } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../compose/schema.ts";
import { builder } from "./builder.ts";

/**
 * Referrals and activities have no type-level scopes (graphql/nodeAccess.ts says why), so what
 * keeps one customer from reading another's is that every field leading to them is guarded. This
 * walks the schema from Referral and Activity outwards, through the types that only wrap them
 * (connections, edges, payloads, results), up to the fields that hand them out, and compares
 * those with the list below: a new field that reaches a referral or an activity fails here until
 * it is guarded and listed with its reason.
 */
const GUARDED_ENTRIES: Record<string, string> = {
  "Customer.referrals":
    "the Customer type's scopes (owner or administrator) and the field's (verified customer or administrator)",
  "Customer.activities": "the Customer type's scopes and the field's, as Customer.referrals",
  "Activity.referral": "the activity's own referral: the same customer's",
  "Customer.creditLedger": "administrators only (the field's scopes); each line's referral is the customer's own",
  "ReferralPurchase.referral": "ReferralPurchase is for administrators (type-level scopes)",
  "Query.node": "readableNode: the check guardNodeReads registered for the type",
  "Query.nodes": "readableNode, as Query.node",
  "Query.pendingReferrals": "administrators only",
  "Mutation.addReferral": "a verified customer's own new referral and its activity",
  "Mutation.verifyPurchase": "administrators only",
  "Mutation.cancelReferralPurchase": "administrators only",
  "Mutation.eraseReferral": "administrators only",
  "Mutation.updateReferral": "a verified customer's own pending referral (another's is NOT_FOUND)",
  "Mutation.withdrawReferral": "a verified customer's own pending referral (another's is NOT_FOUND)",
  "Mutation.holdReferral": "administrators only",
  "Mutation.releaseReferral": "administrators only",
  "Mutation.approvePurchaseVerificationRequest": "administrators only",
  "PurchaseVerificationRequest.referral": "PurchaseVerificationRequest is for administrators (type-level scopes)",
};

const UNSCOPED = ["Referral", "Activity"];

function hasTypeScopes(typeName: string): boolean {
  try {
    return (
      (builder.configStore.getTypeConfig(typeName).pothosOptions as { authScopes?: unknown }).authScopes !== undefined
    );
  } catch {
    return false;
  }
}

/** Object, interface or union types that are, or may be at run time, one of `carriers`. */
function reaches(type: GraphQLNamedType, carriers: Set<string>): boolean {
  if (carriers.has(type.name)) return true;
  if (isUnionType(type)) return type.getTypes().some((member) => carriers.has(member.name));
  if (isInterfaceType(type)) return schema.getPossibleTypes(type).some((member) => carriers.has(member.name));
  return false;
}

function fieldsHandingOut(unscoped: string[], ignoreScopesOf: string[] = []): string[] {
  const carriers = new Set(unscoped);
  const entries = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        if (!reaches(getNamedType(field.type), carriers)) continue;
        const isRoot = type === schema.getQueryType() || type === schema.getMutationType();
        const scoped = hasTypeScopes(type.name) && !ignoreScopesOf.includes(type.name);
        if (isRoot || scoped || unscoped.includes(type.name)) {
          entries.add(`${type.name}.${field.name}`);
        } else if (!carriers.has(type.name)) {
          // A wrapper (edge, connection, payload, result member): whoever hands it out hands them out.
          carriers.add(type.name);
          grew = true;
        }
      }
    }
  }
  return [...entries].sort();
}

describe("fields that hand out referrals and activities", () => {
  it("are exactly the guarded ones listed, each with its reason", () => {
    expect(fieldsHandingOut(UNSCOPED)).toEqual(Object.keys(GUARDED_ENTRIES).sort());
  });

  it("climbs past a type that is not guarded itself: without Customer's scopes, the fields handing out customers show", () => {
    const entries = fieldsHandingOut(UNSCOPED, ["Customer"]);
    expect(entries).not.toContain("Customer.referrals");
    expect(entries).toEqual(expect.arrayContaining(["User.customer", "Referral.customer"]));
    expect(hasTypeScopes("Customer")).toBe(true);
    expect(hasTypeScopes("Referral")).toBe(false);
  });
});
