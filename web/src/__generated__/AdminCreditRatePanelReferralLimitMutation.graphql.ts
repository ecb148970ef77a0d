/**
 * @generated SignedSource<<c40eb88366a85ee60f9d24c8d91f5886>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SetReferralDailyLimitInput = {
  limit: number;
};
export type AdminCreditRatePanelReferralLimitMutation$variables = {
  input: SetReferralDailyLimitInput;
};
export type AdminCreditRatePanelReferralLimitMutation$data = {
  readonly setReferralDailyLimit: {
    readonly __typename: string;
    readonly data?: {
      readonly referralDailyLimit: number;
    };
    readonly message?: string;
  };
};
export type AdminCreditRatePanelReferralLimitMutation = {
  response: AdminCreditRatePanelReferralLimitMutation$data;
  variables: AdminCreditRatePanelReferralLimitMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "setReferralDailyLimit",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Programme",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "referralDailyLimit",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationSetReferralDailyLimitSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "type": "Error",
        "abstractKey": "__isError"
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminCreditRatePanelReferralLimitMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCreditRatePanelReferralLimitMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "001ca83bcdd0497351ad3a0a52d1c29e",
    "id": null,
    "metadata": {},
    "name": "AdminCreditRatePanelReferralLimitMutation",
    "operationKind": "mutation",
    "text": "mutation AdminCreditRatePanelReferralLimitMutation(\n  $input: SetReferralDailyLimitInput!\n) {\n  setReferralDailyLimit(input: $input) {\n    __typename\n    ... on MutationSetReferralDailyLimitSuccess {\n      data {\n        referralDailyLimit\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "53c2fb29c8f545237b9309bfa68141a3";

export default node;
