/**
 * @generated SignedSource<<bb272ef37ee80664f1c53bac5105b4e8>>
 * @relayHash 0bb4de8e72d0c3fa4ce31862e31a96c2
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 90cf84dfe95e23d245f7319cca64bccbbe5e18b1d89b9b90ca6edc68853362e4

import { ConcreteRequest } from 'relay-runtime';
export type AdminCountsQuery$variables = {
  countWindow: number;
};
export type AdminCountsQuery$data = {
  readonly customers: {
    readonly totalCount: number;
  };
  readonly emailStats: {
    readonly pending: number;
  };
  readonly openPaymentRequestCount: number;
  readonly pendingCustomers: {
    readonly edges: ReadonlyArray<{
      readonly cursor: string;
    }>;
    readonly pageInfo: {
      readonly hasNextPage: boolean;
    };
  };
  readonly pendingMilestonePayments: {
    readonly edges: ReadonlyArray<{
      readonly cursor: string;
    }>;
    readonly pageInfo: {
      readonly hasNextPage: boolean;
    };
  };
  readonly pendingReferrals: {
    readonly totalCount: number;
  };
  readonly purchasedReferrals: {
    readonly totalCount: number;
  };
};
export type AdminCountsQuery = {
  response: AdminCountsQuery$data;
  variables: AdminCountsQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "countWindow"
  }
],
v1 = [
  {
    "kind": "Literal",
    "name": "first",
    "value": 1
  }
],
v2 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "totalCount",
    "storageKey": null
  }
],
v3 = [
  {
    "kind": "Variable",
    "name": "first",
    "variableName": "countWindow"
  }
],
v4 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "cursor",
    "storageKey": null
  }
],
v5 = {
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
      "name": "hasNextPage",
      "storageKey": null
    }
  ],
  "storageKey": null
},
v6 = [
  {
    "alias": null,
    "args": (v1/*:: as any*/),
    "concreteType": "QueryPendingReferralsConnection",
    "kind": "LinkedField",
    "name": "pendingReferrals",
    "plural": false,
    "selections": (v2/*:: as any*/),
    "storageKey": "pendingReferrals(first:1)"
  },
  {
    "alias": null,
    "args": (v3/*:: as any*/),
    "concreteType": "QueryPendingCustomersConnection",
    "kind": "LinkedField",
    "name": "pendingCustomers",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryPendingCustomersConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": (v4/*:: as any*/),
        "storageKey": null
      },
      (v5/*:: as any*/)
    ],
    "storageKey": null
  },
  {
    "alias": null,
    "args": (v3/*:: as any*/),
    "concreteType": "QueryPendingMilestonePaymentsConnection",
    "kind": "LinkedField",
    "name": "pendingMilestonePayments",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryPendingMilestonePaymentsConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": (v4/*:: as any*/),
        "storageKey": null
      },
      (v5/*:: as any*/)
    ],
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "openPaymentRequestCount",
    "storageKey": null
  },
  {
    "alias": null,
    "args": (v1/*:: as any*/),
    "concreteType": "QueryCustomersConnection",
    "kind": "LinkedField",
    "name": "customers",
    "plural": false,
    "selections": (v2/*:: as any*/),
    "storageKey": "customers(first:1)"
  },
  {
    "alias": null,
    "args": (v1/*:: as any*/),
    "concreteType": "QueryPurchasedReferralsConnection",
    "kind": "LinkedField",
    "name": "purchasedReferrals",
    "plural": false,
    "selections": (v2/*:: as any*/),
    "storageKey": "purchasedReferrals(first:1)"
  },
  {
    "alias": null,
    "args": null,
    "concreteType": "EmailStats",
    "kind": "LinkedField",
    "name": "emailStats",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "pending",
        "storageKey": null
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
    "name": "AdminCountsQuery",
    "selections": (v6/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCountsQuery",
    "selections": (v6/*:: as any*/)
  },
  "params": {
    "id": "90cf84dfe95e23d245f7319cca64bccbbe5e18b1d89b9b90ca6edc68853362e4",
    "metadata": {},
    "name": "AdminCountsQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e8cc9740079d388461d3fc579e301a5d";

export default node;
