/**
 * @generated SignedSource<<54f93fddee615ecaa99b663c7df955d4>>
 * @relayHash 0ed5292787e236d95dd8f3b80b8e7dee
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a5656d662961b839750b42f78e2fbdeed44f15a9c62e4e9dd26c22a8b058f1b5

import { ConcreteRequest } from 'relay-runtime';
export type PurchaseVerificationRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "WITHDRAWN" | "%future added value";
export type ApprovePurchaseVerificationRequestInput = {
  requestId: string;
};
export type AdminVerificationRequestsWithdrawMutation$variables = {
  input: ApprovePurchaseVerificationRequestInput;
};
export type AdminVerificationRequestsWithdrawMutation$data = {
  readonly withdrawPurchaseVerificationRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: PurchaseVerificationRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminVerificationRequestsWithdrawMutation = {
  response: AdminVerificationRequestsWithdrawMutation$data;
  variables: AdminVerificationRequestsWithdrawMutation$variables;
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
    "name": "withdrawPurchaseVerificationRequest",
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
            "concreteType": "PurchaseVerificationRequest",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "id",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "status",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationWithdrawPurchaseVerificationRequestSuccess",
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
    "name": "AdminVerificationRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminVerificationRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "a5656d662961b839750b42f78e2fbdeed44f15a9c62e4e9dd26c22a8b058f1b5",
    "metadata": {},
    "name": "AdminVerificationRequestsWithdrawMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "a44217da2c822a709c7b43de38baf215";

export default node;
