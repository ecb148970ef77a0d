/**
 * @generated SignedSource<<583a609c83e3070b419caa5a05e505e0>>
 * @relayHash a19dca4630ef4223b038944ab63cb39f
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 639462a96937df7d4b8f4f82498d03c4efdf96b74f3236c53c9c25ba377a6a93

import { ConcreteRequest } from 'relay-runtime';
export type CancellationCategory = "GOODS_RETURNED" | "ORDER_CANCELLED" | "OTHER" | "PAYMENT_NOT_RECEIVED" | "RECORDED_IN_ERROR" | "%future added value";
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
export type CancelReferralPurchaseInput = {
  category?: CancellationCategory | null | undefined;
  idempotencyKey?: string | null | undefined;
  reason: string;
  referralId: string;
};
export type AdminPurchasedReferralRowMutation$variables = {
  connections: ReadonlyArray<string>;
  input: CancelReferralPurchaseInput;
};
export type AdminPurchasedReferralRowMutation$data = {
  readonly cancelReferralPurchase: {
    readonly __typename: string;
    readonly data?: {
      readonly overpaid: {
        readonly pence: number;
      };
      readonly purchase: {
        readonly cancellationReason: string | null | undefined;
        readonly id: string;
        readonly isCancelled: boolean;
      };
      readonly referral: {
        readonly id: string;
        readonly status: ReferralStatus;
      };
    };
    readonly message?: string;
  };
};
export type AdminPurchasedReferralRowMutation = {
  response: AdminPurchasedReferralRowMutation$data;
  variables: AdminPurchasedReferralRowMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "connections"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "input"
},
v2 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "isCancelled",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "cancellationReason",
  "storageKey": null
},
v7 = {
  "alias": null,
  "args": null,
  "concreteType": "Referral",
  "kind": "LinkedField",
  "name": "referral",
  "plural": false,
  "selections": [
    (v4/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    }
  ],
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "concreteType": "Money",
  "kind": "LinkedField",
  "name": "overpaid",
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
},
v9 = {
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
};
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminPurchasedReferralRowMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "cancelReferralPurchase",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "CancelReferralPurchasePayload",
                "kind": "LinkedField",
                "name": "data",
                "plural": false,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "ReferralPurchase",
                    "kind": "LinkedField",
                    "name": "purchase",
                    "plural": false,
                    "selections": [
                      (v4/*:: as any*/),
                      (v5/*:: as any*/),
                      (v6/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v7/*:: as any*/),
                  (v8/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "type": "MutationCancelReferralPurchaseSuccess",
            "abstractKey": null
          },
          (v9/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "AdminPurchasedReferralRowMutation",
    "selections": [
      {
        "alias": null,
        "args": (v2/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "cancelReferralPurchase",
        "plural": false,
        "selections": [
          (v3/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "CancelReferralPurchasePayload",
                "kind": "LinkedField",
                "name": "data",
                "plural": false,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "ReferralPurchase",
                    "kind": "LinkedField",
                    "name": "purchase",
                    "plural": false,
                    "selections": [
                      (v4/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "filters": null,
                        "handle": "deleteEdge",
                        "key": "",
                        "kind": "ScalarHandle",
                        "name": "id",
                        "handleArgs": [
                          {
                            "kind": "Variable",
                            "name": "connections",
                            "variableName": "connections"
                          }
                        ]
                      },
                      (v5/*:: as any*/),
                      (v6/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v7/*:: as any*/),
                  (v8/*:: as any*/)
                ],
                "storageKey": null
              }
            ],
            "type": "MutationCancelReferralPurchaseSuccess",
            "abstractKey": null
          },
          (v9/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "639462a96937df7d4b8f4f82498d03c4efdf96b74f3236c53c9c25ba377a6a93",
    "metadata": {},
    "name": "AdminPurchasedReferralRowMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "e3052029ac3e03e690fcb39ed8bf9e11";

export default node;
