import { encodeGlobalID } from "@pothos/plugin-relay";
import { viewerCustomer } from "../customers/index.ts";
import { CUSTOMER_REST_LIST } from "../lib/listSizes.ts";
import { bodyText, optionalBodyTextOrBlank } from "../rest/bodyFields.ts";
import { restPage } from "../rest/listParams.ts";
import type { RestRoute } from "../rest/route.ts";

const REFERRAL_FIELDS = `
  databaseId name phone email address customerDatabaseId status statusDisplay createdAt
  purchaseDate purchaseAmount { pounds } creditEarned { pounds } daysRemaining expiryDisplay`;
const ERROR_FIELDS = "... on Error { code message }";

/** The REST referral (spec section 3): numeric ids, status in lower case, money as pounds. */
export function toRestReferral(referral: any) {
  return {
    id: referral.databaseId,
    name: referral.name,
    phone: referral.phone,
    email: referral.email,
    address: referral.address,
    customerId: referral.customerDatabaseId,
    status: String(referral.status).toLowerCase(),
    statusDisplay: referral.statusDisplay,
    createdAt: referral.createdAt,
    purchaseDate: referral.purchaseDate,
    purchaseAmount: referral.purchaseAmount?.pounds ?? null,
    creditEarned: referral.creditEarned?.pounds ?? null,
    daysRemaining: referral.daysRemaining,
    expiryDisplay: referral.expiryDisplay,
  };
}

export const referralRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/referrals",
    operation: `query RestReferrals($first: Int!, $after: String, $afterDatabaseId: Int) {
      viewer { customer { referrals(first: $first, after: $after, afterDatabaseId: $afterDatabaseId) { edges { node { ${REFERRAL_FIELDS} } } pageInfo { hasNextPage endCursor } } } }
    }`,
    variables: ({ query }) => restPage(query, CUSTOMER_REST_LIST),
    pagedList: (data) => data.viewer?.customer?.referrals,
    answer: (data) => viewerCustomer(data).referrals.edges.map(({ node }: any) => toRestReferral(node)),
  },
  {
    method: "POST",
    path: "/api/referrals",
    operation: `mutation RestAddReferral($input: AddReferralInput!) {
      addReferral(input: $input) { ... on MutationAddReferralSuccess { data { referral { ${REFERRAL_FIELDS} } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => {
      // REST speaks numeric customer ids; the mutation compares global ids.
      const customerId = optionalBodyTextOrBlank(body, "customerId");
      return {
        input: {
          name: bodyText(body, "name"),
          phone: bodyText(body, "phone"),
          email: optionalBodyTextOrBlank(body, "email"),
          address: optionalBodyTextOrBlank(body, "address"),
          customerId: customerId === null ? null : encodeGlobalID("Customer", customerId),
        },
      };
    },
    answer: (data) => toRestReferral(data.addReferral.data.referral),
  },
];
