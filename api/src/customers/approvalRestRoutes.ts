import { encodeGlobalID } from "@pothos/plugin-relay";
import { z } from "zod";
import { bodyText, optionalBodyText } from "../rest/bodyFields.ts";
import { textOrNumber } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";
import { CUSTOMER_PROFILE_FIELDS, restProfileSchema, toRestProfile } from "./restRoutes.ts";

const restAdminProfileSchema = restProfileSchema.extend({
  userName: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

// Approve, reject and edit a pending registration: POST /api/admin/{approve,reject,update}-customer/:id.

const ERROR_FIELDS = "... on Error { code message }";

/** A REST path id as the Customer's global id. Not a number: passed on as is, so the mutation answers 404 after the rights check. */
function customerGlobalId(id: string | undefined): string {
  return id && /^\d{1,10}$/.test(id) ? encodeGlobalID("Customer", id) : `invalid:${id ?? ""}`;
}

const ADMIN_PROFILE_FIELDS = `${CUSTOMER_PROFILE_FIELDS} user { username email firstName lastName }`;

/** The REST customer after an admin action: the profile's fields plus who the customer is. */
function toRestAdminProfile(customer: any) {
  return {
    ...toRestProfile(customer),
    userName: customer.user.username,
    email: customer.user.email,
    firstName: customer.user.firstName,
    lastName: customer.user.lastName,
  };
}

export const customerApprovalRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/admin/approve-customer/:id",
    docs: { answer: restAdminProfileSchema },
    operation: `mutation RestApproveCustomer($input: ApproveCustomerInput!) {
      approveCustomer(input: $input) { ... on MutationApproveCustomerSuccess { data { ${ADMIN_PROFILE_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params }) => ({ input: { customerId: customerGlobalId(params.id) } }),
    answer: (data) => toRestAdminProfile(data.approveCustomer.data),
  },
  {
    method: "POST",
    path: "/api/admin/reject-customer/:id",
    docs: { body: z.object({ reason: z.string() }), answer: restAdminProfileSchema },
    operation: `mutation RestRejectCustomer($input: RejectCustomerInput!) {
      rejectCustomer(input: $input) { ... on MutationRejectCustomerSuccess { data { ${ADMIN_PROFILE_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: { customerId: customerGlobalId(params.id), reason: bodyText(body, "reason") },
    }),
    answer: (data) => toRestAdminProfile(data.rejectCustomer.data),
  },
  {
    method: "POST",
    path: "/api/admin/update-customer/:id",
    docs: {
      body: z.object({ originalPurchaseAmount: textOrNumber.optional(), contractNumber: z.string().optional() }),
      answer: restAdminProfileSchema,
    },
    operation: `mutation RestUpdateCustomer($input: UpdateCustomerInput!) {
      updateCustomer(input: $input) { ... on MutationUpdateCustomerSuccess { data { ${ADMIN_PROFILE_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ params, body }) => ({
      input: {
        customerId: customerGlobalId(params.id),
        // Absent or null: left as it is.
        originalPurchaseAmount: optionalBodyText(body, "originalPurchaseAmount"),
        contractNumber: optionalBodyText(body, "contractNumber"),
      },
    }),
    answer: (data) => toRestAdminProfile(data.updateCustomer.data),
  },
];
