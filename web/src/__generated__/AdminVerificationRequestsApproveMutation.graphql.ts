/**
 * @generated SignedSource<<fd1a50779d3379692bb3f4cd97ddadfe>>
 * @relayHash b988284ddf54e3dc0e082cbd66599558
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 61fc52b8db1fe20e4a4ad167405e901d01bcd8e6acf471181d0fd7df2067d06b

import { ConcreteRequest } from 'relay-runtime';
export type PurchaseVerificationRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "WITHDRAWN" | "%future added value";
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
export type ApprovePurchaseVerificationRequestInput = {
  requestId: string;
};
export type AdminVerificationRequestsApproveMutation$variables = {
  input: ApprovePurchaseVerificationRequestInput;
};
export type AdminVerificationRequestsApproveMutation$data = {
  readonly approvePurchaseVerificationRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly creditEarned: {
        readonly pence: number;
      };
      readonly referral: {
        readonly id: string;
        readonly status: ReferralStatus;
      };
      readonly request: {
        readonly id: string;
        readonly status: PurchaseVerificationRequestStatus;
      };
    };
    readonly message?: string;
  };
};
export type AdminVerificationRequestsApproveMutation = {
  response: AdminVerificationRequestsApproveMutation$data;
  variables: AdminVerificationRequestsApproveMutation$variables;
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
v2 = [
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
    "name": "approvePurchaseVerificationRequest",
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
            "concreteType": "ApprovePurchaseVerificationRequestPayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "PurchaseVerificationRequest",
                "kind": "LinkedField",
                "name": "request",
                "plural": false,
                "selections": (v1/*:: as any*/),
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Referral",
                "kind": "LinkedField",
                "name": "referral",
                "plural": false,
                "selections": (v1/*:: as any*/),
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "creditEarned",
                "plural": false,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "pence",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationApprovePurchaseVerificationRequestSuccess",
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
    "name": "AdminVerificationRequestsApproveMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminVerificationRequestsApproveMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "61fc52b8db1fe20e4a4ad167405e901d01bcd8e6acf471181d0fd7df2067d06b",
    "metadata": {},
    "name": "AdminVerificationRequestsApproveMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "e9d34aa5c85221ce633c88ea05ef2635";

export default node;
