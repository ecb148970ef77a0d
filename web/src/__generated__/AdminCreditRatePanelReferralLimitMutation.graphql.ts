/**
 * @generated SignedSource<<d2cc84aae63a2e17ae8645433dbf592c>>
 * @relayHash 001ca83bcdd0497351ad3a0a52d1c29e
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID e110966e0ee537c12c44d55d1365313333cc7ad075f009e8625c74fc1a2f0185

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
    "id": "e110966e0ee537c12c44d55d1365313333cc7ad075f009e8625c74fc1a2f0185",
    "metadata": {},
    "name": "AdminCreditRatePanelReferralLimitMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "53c2fb29c8f545237b9309bfa68141a3";

export default node;
