import { encodeGlobalID } from "@pothos/plugin-relay";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { bodyText } from "../rest/bodyFields.ts";
import type { RestRoute } from "../rest/route.ts";

const ERROR_FIELDS = "... on Error { code message }";

/** A REST path id as a global id; not a number: passed on as is, so the mutation answers 404 after the rights check. */
const globalId = (type: string, id: string | undefined) =>
  id && /^\d{1,10}$/.test(id) ? encodeGlobalID(type, id) : `invalid:${id ?? ""}`;

export const privacyRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/me/data",
    operation: "query RestMyData { viewer { myData } }",
    answer: (data) => {
      if (!data.viewer) throw new NotAuthenticatedError();
      return data.viewer.myData;
    },
    headers: () => ({
      "Content-Disposition": `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
    }),
  },
  {
    method: "POST",
    path: "/api/me/delete",
    operation: `mutation RestDeleteMyAccount($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input) { ... on MutationDeleteMyAccountSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { password: bodyText(body, "password") } }),
    answer: (data) => data.deleteMyAccount.data,
  },
  {
    method: "POST",
    path: "/api/admin/customers/:id/erase",
    operation: `mutation RestEraseCustomer($input: EraseCustomerInput!) {
      eraseCustomer(input: $input) { ... on MutationEraseCustomerSuccess { data { databaseId user { username erased } } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { customerId: globalId("Customer", params.id), reason: bodyText(body, "reason") },
    }),
    answer: (data) => ({
      id: data.eraseCustomer.data.databaseId,
      erased: data.eraseCustomer.data.user.erased,
      message: "The customer's personal data has been erased.",
    }),
  },
  {
    method: "POST",
    path: "/api/admin/referrals/:id/erase",
    operation: `mutation RestEraseReferral($input: EraseReferralInput!) {
      eraseReferral(input: $input) { ... on MutationEraseReferralSuccess { data { databaseId status } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { referralId: globalId("Referral", params.id), reason: bodyText(body, "reason") },
    }),
    answer: (data) => ({
      id: data.eraseReferral.data.databaseId,
      status: String(data.eraseReferral.data.status).toLowerCase(),
      message: "The referral's personal data has been erased.",
    }),
  },
];
