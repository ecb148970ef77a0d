import { bodyText } from "../rest/bodyFields.ts";
import type { RestRoute } from "../rest/route.ts";

const ERROR_FIELDS = "... on Error { code message }";
const STATUS_FIELDS = "enabled enabledAt recoveryCodesLeft required mustEnrol";

/** The signed-in administrator's second factor: status, enrolment (start, confirm) and turning it off. */
export const secondFactorRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/account/second-factor",
    operation: `query RestSecondFactor { secondFactor { ${STATUS_FIELDS} } }`,
    answer: (data) => data.secondFactor,
  },
  {
    method: "POST",
    path: "/api/account/second-factor",
    operation: `mutation RestStartSecondFactor {
      startSecondFactorEnrolment { ... on MutationStartSecondFactorEnrolmentSuccess { data { secret otpauthUri qrCodeDataUrl } } ${ERROR_FIELDS} }
    }`,
    answer: (data) => data.startSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/confirm",
    operation: `mutation RestConfirmSecondFactor($input: SecondFactorCodeInput!) {
      confirmSecondFactorEnrolment(input: $input) { ... on MutationConfirmSecondFactorEnrolmentSuccess { data { recoveryCodes } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { code: bodyText(body, "code") } }),
    answer: (data) => data.confirmSecondFactorEnrolment.data,
  },
  {
    method: "POST",
    path: "/api/account/second-factor/disable",
    operation: `mutation RestDisableSecondFactor($input: SecondFactorCodeInput!) {
      disableSecondFactor(input: $input) { ... on MutationDisableSecondFactorSuccess { data { ${STATUS_FIELDS} } } ${ERROR_FIELDS} }
    }`,
    variables: ({ body }) => ({ input: { code: bodyText(body, "code") } }),
    answer: (data) => data.disableSecondFactor.data,
  },
];
