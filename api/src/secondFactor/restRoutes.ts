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
const codeBody = z.object({ code: z.string().describe("A code from the authenticator app (or a recovery code)") });

const ERROR_FIELDS = "... on Error { code message }";
const STATUS_FIELDS = "enabled enabledAt recoveryCodesLeft required mustEnrol";

/** The signed-in administrator's second factor: status, enrolment (start, confirm) and turning it off. */
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
      summary: "Start enrolling an authenticator app",
      answer: z.object({ secret: z.string(), otpauthUri: z.string(), qrCodeDataUrl: z.string() }),
    },
    operation: `mutation RestStartSecondFactor {
      startSecondFactorEnrolment { ... on MutationStartSecondFactorEnrolmentSuccess { data { secret otpauthUri qrCodeDataUrl } } ${ERROR_FIELDS} }
    }`,
    answer: (data) => data.startSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/confirm",
    docs: {
      summary: "Confirm enrolment with a first code: answers the recovery codes, once",
      body: codeBody,
      answer: z.object({ recoveryCodes: z.array(z.string()) }),
    },
    operation: `mutation RestConfirmSecondFactor($input: SecondFactorCodeInput!) {
      confirmSecondFactorEnrolment(input: $input) { ... on MutationConfirmSecondFactorEnrolmentSuccess { data { recoveryCodes } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { code: bodyText(body, "code") } }),
    answer: (data) => data.confirmSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/disable",
    docs: { body: codeBody, answer: secondFactorStatus },
    operation: `mutation RestDisableSecondFactor($input: SecondFactorCodeInput!) {
      disableSecondFactor(input: $input) { ... on MutationDisableSecondFactorSuccess { data { ${STATUS_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { code: bodyText(body, "code") } }),
    answer: (data) => data.disableSecondFactor.data,
  },
];
