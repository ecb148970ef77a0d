import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { NotAuthenticatedError } from "../lib/errors.ts";
import { bodyText } from "../rest/bodyFields.ts";
import { id, messageAnswer } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

const ERROR_FIELDS = "... on Error { code message }";

/** A REST path id as a global id; not a number: passed on as is, so the mutation answers 404 after the rights check. */
const globalId = (type: string, id: string | undefined) =>
  id && /^\d{1,10}$/.test(id) ? encodeGlobalID(type, id) : `invalid:${id ?? ""}`;

export const privacyRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/me/data",
    docs: {
      summary: "Download everything the service holds about me (JSON)",
      answer: z.record(z.string(), z.unknown()),
    },
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
    docs: { summary: "Delete my account", body: z.object({ password: z.string() }), answer: messageAnswer },
    operation: `mutation RestDeleteMyAccount($input: DeleteMyAccountInput!) {
      deleteMyAccount(input: $input) { ... on MutationDeleteMyAccountSuccess { data { message } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { password: bodyText(body, "password") } }),
    answer: (data) => data.deleteMyAccount.data,
  },
  {
    method: "POST",
    path: "/api/admin/customers/:id/erase",
    docs: {
      summary: "Erase a customer's personal data",
      body: z.object({ reason: z.string() }),
      answer: z.object({ id, erased: z.boolean(), message: z.string() }),
    },
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
    docs: {
      summary: "Erase a referral's personal data",
      body: z.object({ reason: z.string() }),
      answer: z.object({ id, status: z.string(), message: z.string() }),
    },
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
