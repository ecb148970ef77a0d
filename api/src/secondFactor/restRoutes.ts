import { z } from "zod";
import { bodyText } from "../rest/bodyFields.ts";
import { timestamp } from "../rest/docSchemas.ts";
import type { RestRoute } from "../rest/route.ts";

const secondFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: timestamp.nullable(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  mustEnrol: z.boolean(),
});
const currentPassword = z.string().describe("The account's password, asked again (throttled like sign-in)");
const passwordBody = z.object({ currentPassword });
const codeBody = z.object({
  code: z.string().describe("A code from the authenticator app (or, to turn it off, a recovery code)"),
  currentPassword,
});

const ERROR_FIELDS = "... on Error { code message }";
const STATUS_FIELDS = "enabled enabledAt recoveryCodesLeft required mustEnrol";

/**
 * The signed-in administrator's second factor: status, enrolment (start, confirm) and turning it off.
 * Every change needs the current password; a wrong one answers 400 on `currentPassword` and counts as a failed sign-in.
 */
export const secondFactorRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/account/second-factor",
    docs: { summary: "My second factor's status", answer: secondFactorStatus },
    operation: `query RestSecondFactor { secondFactor { ${STATUS_FIELDS} } }`,
    answer: (data) => data.secondFactor,
  },
  {
    method: "POST",
    path: "/api/account/second-factor",
    docs: {
      summary: "Start enrolling an authenticator app (needs the current password)",
      body: passwordBody,
      answer: z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() }),
    },
    operation: `mutation RestStartSecondFactor($input: StartSecondFactorEnrolmentInput!) {
      startSecondFactorEnrolment(input: $input) { ... on MutationStartSecondFactorEnrolmentSuccess { data { secret otpauthUri qrCodeDataUrl } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { currentPassword: bodyText(body, "currentPassword") } }),
    answer: (data) => data.startSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/confirm",
    docs: {
      summary:
        "Confirm enrolment with a first code and the current password: answers the recovery codes, once, and emails the account",
      body: codeBody,
      answer: z.object({ recoveryCodes: z.array(z.string()) }),
    },
    operation: `mutation RestConfirmSecondFactor($input: SecondFactorCodeInput!) {
      confirmSecondFactorEnrolment(input: $input) { ... on MutationConfirmSecondFactorEnrolmentSuccess { data { recoveryCodes } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: { code: bodyText(body, "code"), currentPassword: bodyText(body, "currentPassword") },
    }),
    answer: (data) => data.confirmSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/disable",
    docs: {
      summary:
        "Turn off two-step verification: the current password and a code (or a recovery code); emails the account",
      body: codeBody,
      answer: secondFactorStatus,
    },
    operation: `mutation RestDisableSecondFactor($input: SecondFactorCodeInput!) {
      disableSecondFactor(input: $input) { ... on MutationDisableSecondFactorSuccess { data { ${STATUS_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({
      input: { code: bodyText(body, "code"), currentPassword: bodyText(body, "currentPassword") },
    }),
    answer: (data) => data.disableSecondFactor.data,
  },
];
