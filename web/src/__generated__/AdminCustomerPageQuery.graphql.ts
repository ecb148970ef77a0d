/**
 * @generated SignedSource<<136fc52d4519accb54a7258b04420b6b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type MilestoneState = "LOCKED" | "PAID" | "READY" | "%future added value";
export type AdminCustomerPageQuery$variables = {
  count: number;
  databaseId: number;
  requestCount: number;
};
export type AdminCustomerPageQuery$data = {
  readonly customer: {
    readonly databaseId: number;
    readonly id: string;
    readonly milestones: ReadonlyArray<{
      readonly state: MilestoneState;
    }>;
    readonly status: CustomerStatus;
    readonly user: {
      readonly email: string;
      readonly erased: boolean;
      readonly firstName: string | null | undefined;
      readonly lastName: string | null | undefined;
      readonly username: string;
    };
    readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerFigures_customer" | "AdminCustomerLedger_customer" | "AdminCustomerPayments_customer" | "AdminCustomerProfile_customer" | "AdminCustomerReferrals_customer" | "AdminMilestoneCustomerCard_customer">;
  } | null | undefined;
  readonly programme: {
    readonly creditRateBasisPoints: number;
    readonly creditRatePercent: string;
    readonly payoutApprovalThreshold: {
      readonly pence: number;
    };
  };
  readonly " $fragmentSpreads": FragmentRefs<"AdminPayoutRequests_query">;
};
export type AdminCustomerPageQuery = {
  response: AdminCustomerPageQuery$data;
  variables: AdminCustomerPageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "count"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "databaseId"
},
v2 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "requestCount"
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "creditRatePercent",
  "storageKey": null
},
v4 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
],
v5 = {
  "alias": null,
  "args": null,
  "concreteType": "Programme",
  "kind": "LinkedField",
  "name": "programme",
  "plural": false,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "creditRateBasisPoints",
      "storageKey": null
    },
    (v3/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "payoutApprovalThreshold",
      "plural": false,
      "selections": (v4/*:: as any*/),
      "storageKey": null
    }
  ],
  "storageKey": null
},
v6 = [
  {
    "kind": "Variable",
    "name": "databaseId",
    "variableName": "databaseId"
  }
],
v7 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "databaseId",
  "storageKey": null
},
v8 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "status",
  "storageKey": null
},
v9 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v10 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "username",
  "storageKey": null
},
v11 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "email",
  "storageKey": null
},
v12 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "firstName",
  "storageKey": null
},
v13 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "lastName",
  "storageKey": null
},
v14 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "erased",
  "storageKey": null
},
v15 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "state",
  "storageKey": null
},
v16 = [
  {
    "kind": "Variable",
    "name": "count",
    "variableName": "count"
  }
],
v17 = [
  {
    "kind": "Variable",
    "name": "first",
    "variableName": "requestCount"
  }
],
v18 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "customerName",
  "storageKey": null
},
v19 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "percent",
  "storageKey": null
},
v20 = {
  "alias": null,
  "args": null,
  "concreteType": "Money",
  "kind": "LinkedField",
  "name": "amount",
  "plural": false,
  "selections": (v4/*:: as any*/),
  "storageKey": null
},
v21 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "notes",
  "storageKey": null
},
v22 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v23 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "cursor",
  "storageKey": null
},
v24 = {
  "alias": null,
  "args": null,
  "concreteType": "PageInfo",
  "kind": "LinkedField",
  "name": "pageInfo",
  "plural": false,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "endCursor",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "hasNextPage",
      "storageKey": null
    }
  ],
  "storageKey": null
},
v25 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "createdAt",
  "storageKey": null
},
v26 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "verifiedAt",
  "storageKey": null
},
v27 = [
  {
    "kind": "Variable",
    "name": "first",
    "variableName": "count"
  }
],
v28 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "name",
  "storageKey": null
},
v29 = [
  (v10/*:: as any*/),
  (v12/*:: as any*/),
  (v13/*:: as any*/),
  (v9/*:: as any*/)
],
v30 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "phone",
  "storageKey": null
},
v31 = {
  "alias": null,
  "args": null,
  "concreteType": "Money",
  "kind": "LinkedField",
  "name": "creditEarned",
  "plural": false,
  "selections": (v4/*:: as any*/),
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/),
      (v2/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminCustomerPageQuery",
    "selections": [
      (v5/*:: as any*/),
      {
        "args": [
          {
            "kind": "Variable",
            "name": "count",
            "variableName": "requestCount"
          }
        ],
        "kind": "FragmentSpread",
        "name": "AdminPayoutRequests_query"
      },
      {
        "alias": null,
        "args": (v6/*:: as any*/),
        "concreteType": "Customer",
        "kind": "LinkedField",
        "name": "customer",
        "plural": false,
        "selections": [
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "User",
            "kind": "LinkedField",
            "name": "user",
            "plural": false,
            "selections": [
              (v10/*:: as any*/),
              (v11/*:: as any*/),
              (v12/*:: as any*/),
              (v13/*:: as any*/),
              (v14/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Milestone",
            "kind": "LinkedField",
            "name": "milestones",
            "plural": true,
            "selections": [
              (v15/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AdminCustomerProfile_customer"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AdminCustomerFigures_customer"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AdminMilestoneCustomerCard_customer"
          },
          {
            "args": (v16/*:: as any*/),
            "kind": "FragmentSpread",
            "name": "AdminCustomerLedger_customer"
          },
          {
            "args": (v16/*:: as any*/),
            "kind": "FragmentSpread",
            "name": "AdminCustomerReferrals_customer"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "AdminCustomerPayments_customer"
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v1/*:: as any*/),
      (v0/*:: as any*/),
      (v2/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "AdminCustomerPageQuery",
    "selections": [
      (v5/*:: as any*/),
      {
        "alias": null,
        "args": (v17/*:: as any*/),
        "concreteType": "QueryPendingPayoutRequestsConnection",
        "kind": "LinkedField",
        "name": "pendingPayoutRequests",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "QueryPendingPayoutRequestsConnectionEdge",
            "kind": "LinkedField",
            "name": "edges",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "PayoutRequest",
                "kind": "LinkedField",
                "name": "node",
                "plural": false,
                "selections": [
                  (v9/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "milestone",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Customer",
                    "kind": "LinkedField",
                    "name": "customer",
                    "plural": false,
                    "selections": [
                      (v9/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v18/*:: as any*/),
                  (v19/*:: as any*/),
                  (v20/*:: as any*/),
                  (v21/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "requestedAt",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "requestedByViewer",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "User",
                    "kind": "LinkedField",
                    "name": "requestedBy",
                    "plural": false,
                    "selections": [
                      (v10/*:: as any*/),
                      (v9/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v22/*:: as any*/)
                ],
                "storageKey": null
              },
              (v23/*:: as any*/)
            ],
            "storageKey": null
          },
          (v24/*:: as any*/),
          {
            "kind": "ClientExtension",
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "__id",
                "storageKey": null
              }
            ]
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": (v17/*:: as any*/),
        "filters": [],
        "handle": "connection",
        "key": "AdminPayoutRequests_pendingPayoutRequests",
        "kind": "LinkedHandle",
        "name": "pendingPayoutRequests"
      },
      {
        "alias": null,
        "args": (v6/*:: as any*/),
        "concreteType": "Customer",
        "kind": "LinkedField",
        "name": "customer",
        "plural": false,
        "selections": [
          (v7/*:: as any*/),
          (v8/*:: as any*/),
          (v9/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "User",
            "kind": "LinkedField",
            "name": "user",
            "plural": false,
            "selections": [
              (v10/*:: as any*/),
              (v11/*:: as any*/),
              (v12/*:: as any*/),
              (v13/*:: as any*/),
              (v14/*:: as any*/),
              (v9/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "emailConfirmed",
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Milestone",
            "kind": "LinkedField",
            "name": "milestones",
            "plural": true,
            "selections": [
              (v15/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "key",
                "storageKey": null
              },
              (v19/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "title",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "paymentRequestedAt",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "tranche",
                "plural": false,
                "selections": (v4/*:: as any*/),
                "storageKey": null
              }
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "rejectionReason",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "postcode",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "contractNumber",
            "storageKey": null
          },
          (v25/*:: as any*/),
          (v26/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Money",
            "kind": "LinkedField",
            "name": "originalPurchaseAmount",
            "plural": false,
            "selections": (v4/*:: as any*/),
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "progressPercentage",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Money",
            "kind": "LinkedField",
            "name": "currentCredits",
            "plural": false,
            "selections": (v4/*:: as any*/),
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Money",
            "kind": "LinkedField",
            "name": "creditsPaid",
            "plural": false,
            "selections": (v4/*:: as any*/),
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Money",
            "kind": "LinkedField",
            "name": "remainingToTarget",
            "plural": false,
            "selections": (v4/*:: as any*/),
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "Money",
            "kind": "LinkedField",
            "name": "overpaid",
            "plural": false,
            "selections": (v4/*:: as any*/),
            "storageKey": null
          },
          {
            "alias": null,
            "args": (v27/*:: as any*/),
            "concreteType": "CustomerCreditLedgerConnection",
            "kind": "LinkedField",
            "name": "creditLedger",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "CustomerCreditLedgerConnectionEdge",
                "kind": "LinkedField",
                "name": "edges",
                "plural": true,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "CreditLedgerLine",
                    "kind": "LinkedField",
                    "name": "node",
                    "plural": false,
                    "selections": [
                      (v7/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "kind",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "ratePercent",
                        "storageKey": null
                      },
                      (v25/*:: as any*/),
                      (v20/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "Money",
                        "kind": "LinkedField",
                        "name": "balance",
                        "plural": false,
                        "selections": (v4/*:: as any*/),
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "Referral",
                        "kind": "LinkedField",
                        "name": "referral",
                        "plural": false,
                        "selections": [
                          (v7/*:: as any*/),
                          (v28/*:: as any*/),
                          (v9/*:: as any*/)
                        ],
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "User",
                        "kind": "LinkedField",
                        "name": "actor",
                        "plural": false,
                        "selections": (v29/*:: as any*/),
                        "storageKey": null
                      },
                      (v22/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v23/*:: as any*/)
                ],
                "storageKey": null
              },
              (v24/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": (v27/*:: as any*/),
            "filters": null,
            "handle": "connection",
            "key": "AdminCustomerLedger_creditLedger",
            "kind": "LinkedHandle",
            "name": "creditLedger"
          },
          {
            "alias": null,
            "args": (v27/*:: as any*/),
            "concreteType": "CustomerReferralsConnection",
            "kind": "LinkedField",
            "name": "referrals",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "CustomerReferralsConnectionEdge",
                "kind": "LinkedField",
                "name": "edges",
                "plural": true,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "Referral",
                    "kind": "LinkedField",
                    "name": "node",
                    "plural": false,
                    "selections": [
                      (v9/*:: as any*/),
                      (v7/*:: as any*/),
                      (v28/*:: as any*/),
                      (v30/*:: as any*/),
                      (v11/*:: as any*/),
                      (v8/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "statusDisplay",
                        "storageKey": null
                      },
                      (v25/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "Money",
                        "kind": "LinkedField",
                        "name": "purchaseAmount",
                        "plural": false,
                        "selections": (v4/*:: as any*/),
                        "storageKey": null
                      },
                      (v31/*:: as any*/),
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "ReferralPurchase",
                        "kind": "LinkedField",
                        "name": "livePurchase",
                        "plural": false,
                        "selections": [
                          (v9/*:: as any*/),
                          (v18/*:: as any*/),
                          {
                            "alias": null,
                            "args": null,
                            "kind": "ScalarField",
                            "name": "customerDatabaseId",
                            "storageKey": null
                          },
                          (v26/*:: as any*/),
                          (v21/*:: as any*/),
                          (v3/*:: as any*/),
                          (v20/*:: as any*/),
                          (v31/*:: as any*/),
                          {
                            "alias": null,
                            "args": null,
                            "concreteType": "Referral",
                            "kind": "LinkedField",
                            "name": "referral",
                            "plural": false,
                            "selections": [
                              (v9/*:: as any*/),
                              (v28/*:: as any*/),
                              (v30/*:: as any*/),
                              (v11/*:: as any*/)
                            ],
                            "storageKey": null
                          }
                        ],
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "address",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "concreteType": "Customer",
                        "kind": "LinkedField",
                        "name": "customer",
                        "plural": false,
                        "selections": [
                          {
                            "alias": null,
                            "args": null,
                            "concreteType": "User",
                            "kind": "LinkedField",
                            "name": "user",
                            "plural": false,
                            "selections": [
                              (v10/*:: as any*/),
                              (v12/*:: as any*/),
                              (v13/*:: as any*/),
                              (v11/*:: as any*/),
                              (v9/*:: as any*/)
                            ],
                            "storageKey": null
                          },
                          (v9/*:: as any*/)
                        ],
                        "storageKey": null
                      },
                      (v22/*:: as any*/)
                    ],
                    "storageKey": null
                  },
                  (v23/*:: as any*/)
                ],
                "storageKey": null
              },
              (v24/*:: as any*/)
            ],
            "storageKey": null
          },
          {
            "alias": null,
            "args": (v27/*:: as any*/),
            "filters": null,
            "handle": "connection",
            "key": "AdminCustomerReferrals_referrals",
            "kind": "LinkedHandle",
            "name": "referrals"
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "MilestonePayment",
            "kind": "LinkedField",
            "name": "milestonePayments",
            "plural": true,
            "selections": [
              (v9/*:: as any*/),
              (v19/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "paidAt",
                "storageKey": null
              },
              (v21/*:: as any*/),
              (v20/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "concreteType": "User",
                "kind": "LinkedField",
                "name": "paidBy",
                "plural": false,
                "selections": (v29/*:: as any*/),
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "f064e913e219194c0e698ef121506556",
    "id": null,
    "metadata": {},
    "name": "AdminCustomerPageQuery",
    "operationKind": "query",
    "text": "query AdminCustomerPageQuery(\n  $databaseId: Int!\n  $count: Int!\n  $requestCount: Int!\n) {\n  programme {\n    creditRateBasisPoints\n    creditRatePercent\n    payoutApprovalThreshold {\n      pence\n    }\n  }\n  ...AdminPayoutRequests_query_tyq9S\n  customer(databaseId: $databaseId) {\n    databaseId\n    status\n    id\n    user {\n      username\n      email\n      firstName\n      lastName\n      erased\n      id\n    }\n    milestones {\n      state\n    }\n    ...AdminCustomerProfile_customer\n    ...AdminCustomerFigures_customer\n    ...AdminMilestoneCustomerCard_customer\n    ...AdminCustomerLedger_customer_yu5n1\n    ...AdminCustomerReferrals_customer_yu5n1\n    ...AdminCustomerPayments_customer\n  }\n}\n\nfragment AdminCustomerFigures_customer on Customer {\n  progressPercentage\n  originalPurchaseAmount {\n    pence\n  }\n  currentCredits {\n    pence\n  }\n  creditsPaid {\n    pence\n  }\n  remainingToTarget {\n    pence\n  }\n  overpaid {\n    pence\n  }\n}\n\nfragment AdminCustomerLedger_customer_yu5n1 on Customer {\n  creditLedger(first: $count) {\n    edges {\n      node {\n        databaseId\n        kind\n        ratePercent\n        createdAt\n        amount {\n          pence\n        }\n        balance {\n          pence\n        }\n        referral {\n          databaseId\n          name\n          id\n        }\n        actor {\n          username\n          firstName\n          lastName\n          id\n        }\n        __typename\n      }\n      cursor\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n  id\n}\n\nfragment AdminCustomerPayments_customer on Customer {\n  milestonePayments {\n    id\n    percent\n    paidAt\n    notes\n    amount {\n      pence\n    }\n    paidBy {\n      username\n      firstName\n      lastName\n      id\n    }\n  }\n}\n\nfragment AdminCustomerProfile_customer on Customer {\n  status\n  rejectionReason\n  postcode\n  contractNumber\n  createdAt\n  verifiedAt\n  originalPurchaseAmount {\n    pence\n  }\n  user {\n    username\n    email\n    emailConfirmed\n    erased\n    id\n  }\n  ...AdminPendingCustomerCard_customer\n}\n\nfragment AdminCustomerReferrals_customer_yu5n1 on Customer {\n  referrals(first: $count) {\n    edges {\n      node {\n        id\n        databaseId\n        name\n        phone\n        email\n        status\n        statusDisplay\n        createdAt\n        purchaseAmount {\n          pence\n        }\n        creditEarned {\n          pence\n        }\n        livePurchase {\n          id\n          ...AdminPurchasedReferralRow_purchase\n        }\n        ...AdminVerifyPurchaseForm_referral\n        __typename\n      }\n      cursor\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n  id\n}\n\nfragment AdminEditCustomerDialog_customer on Customer {\n  id\n  contractNumber\n  originalPurchaseAmount {\n    pence\n  }\n  user {\n    username\n    firstName\n    lastName\n    id\n  }\n}\n\nfragment AdminMilestoneCustomerCard_customer on Customer {\n  id\n  databaseId\n  progressPercentage\n  originalPurchaseAmount {\n    pence\n  }\n  currentCredits {\n    pence\n  }\n  creditsPaid {\n    pence\n  }\n  overpaid {\n    pence\n  }\n  milestones {\n    key\n    percent\n    title\n    state\n    paymentRequestedAt\n    tranche {\n      pence\n    }\n  }\n}\n\nfragment AdminPayoutRequests_query_tyq9S on Query {\n  pendingPayoutRequests(first: $requestCount) {\n    edges {\n      node {\n        id\n        milestone\n        customer {\n          id\n        }\n        ...AdminPayoutRequests_request\n        __typename\n      }\n      cursor\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}\n\nfragment AdminPayoutRequests_request on PayoutRequest {\n  id\n  customerName\n  percent\n  amount {\n    pence\n  }\n  notes\n  requestedAt\n  requestedByViewer\n  requestedBy {\n    username\n    id\n  }\n}\n\nfragment AdminPendingCustomerCard_customer on Customer {\n  id\n  databaseId\n  createdAt\n  postcode\n  contractNumber\n  originalPurchaseAmount {\n    pence\n  }\n  user {\n    username\n    email\n    emailConfirmed\n    firstName\n    lastName\n    id\n  }\n  ...AdminEditCustomerDialog_customer\n}\n\nfragment AdminPurchasedReferralRow_purchase on ReferralPurchase {\n  id\n  customerName\n  customerDatabaseId\n  verifiedAt\n  notes\n  creditRatePercent\n  amount {\n    pence\n  }\n  creditEarned {\n    pence\n  }\n  referral {\n    id\n    name\n    phone\n    email\n  }\n}\n\nfragment AdminVerifyPurchaseForm_referral on Referral {\n  id\n  name\n  phone\n  email\n  address\n  createdAt\n  customer {\n    user {\n      username\n      firstName\n      lastName\n      email\n      id\n    }\n    id\n  }\n}\n"
  }
};
})();

(node as any).hash = "0f60ac303a9e24bf8f472d541c1837a7";

export default node;
