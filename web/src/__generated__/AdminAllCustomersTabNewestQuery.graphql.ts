/**
 * @generated SignedSource<<0a4c6da06958de6ceb2730702677372a>>
 * @relayHash 40eb52a04eed4266ce3206e63fcd1f9c
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 210ff3483025e94ebd73a89655eb29fd696319188197fc5f9ae6324d1b8c2107

import { ConcreteRequest } from 'relay-runtime';
export type CustomerSegment = "GETTING_STARTED" | "HIGH_PROGRESS" | "LOW_PROGRESS" | "MEDIUM_PROGRESS" | "%future added value";
export type CustomerStage = "EARNING" | "FULL_REFUND" | "GETTING_STARTED" | "PENDING_REVIEW" | "REFERRING" | "REJECTED" | "%future added value";
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type CustomerFilter = {
  overpaid?: boolean | null | undefined;
  search?: string | null | undefined;
  segment?: CustomerSegment | null | undefined;
  stage?: CustomerStage | null | undefined;
  status?: CustomerStatus | null | undefined;
};
export type AdminAllCustomersTabNewestQuery$variables = {
  count: number;
  filter?: CustomerFilter | null | undefined;
  search?: string | null | undefined;
};
export type AdminAllCustomersTabNewestQuery$data = {
  readonly customers: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly __id: string;
        readonly createdAt: string;
        readonly currentCredits: {
          readonly pence: number;
        };
        readonly customerId: string;
        readonly databaseId: number;
        readonly email: string;
        readonly emailConfirmed: boolean;
        readonly name: string;
        readonly originalPurchaseAmount: {
          readonly pence: number;
        };
        readonly progressPercentage: number;
        readonly purchasedReferrals: number;
        readonly refundIssued: boolean;
        readonly status: CustomerStatus;
        readonly statusDisplay: string;
        readonly totalReferrals: number;
        readonly userName: string;
      };
    }>;
    readonly totalCount: number;
  };
};
export type AdminAllCustomersTabNewestQuery = {
  response: AdminAllCustomersTabNewestQuery$data;
  variables: AdminAllCustomersTabNewestQuery$variables;
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
  "name": "filter"
},
v2 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "search"
},
v3 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
],
v4 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "filter",
        "variableName": "filter"
      },
      {
        "kind": "Variable",
        "name": "first",
        "variableName": "count"
      },
      {
        "kind": "Literal",
        "name": "orderBy",
        "value": "CREATED_AT_DESC"
      },
      {
        "kind": "Variable",
        "name": "search",
        "variableName": "search"
      }
    ],
    "concreteType": "QueryCustomersConnection",
    "kind": "LinkedField",
    "name": "customers",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "totalCount",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryCustomersConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "AdminCustomer",
            "kind": "LinkedField",
            "name": "node",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "customerId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "databaseId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "createdAt",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "name",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "userName",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "email",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "emailConfirmed",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "status",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "statusDisplay",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "refundIssued",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "originalPurchaseAmount",
                "plural": false,
                "selections": (v3/*:: as any*/),
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "currentCredits",
                "plural": false,
                "selections": (v3/*:: as any*/),
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
                "kind": "ScalarField",
                "name": "purchasedReferrals",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "totalReferrals",
                "storageKey": null
              },
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
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v1/*:: as any*/),
      (v2/*:: as any*/)
    ],
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminAllCustomersTabNewestQuery",
    "selections": (v4/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [
      (v0/*:: as any*/),
      (v2/*:: as any*/),
      (v1/*:: as any*/)
    ],
    "kind": "Operation",
    "name": "AdminAllCustomersTabNewestQuery",
    "selections": (v4/*:: as any*/)
  },
  "params": {
    "id": "210ff3483025e94ebd73a89655eb29fd696319188197fc5f9ae6324d1b8c2107",
    "metadata": {},
    "name": "AdminAllCustomersTabNewestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "61505485bb4054ea10ec8ad2e14a098b";

export default node;
