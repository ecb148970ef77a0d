/**
 * @generated SignedSource<<e70e28c47fa0786e9d842d7221797de1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AdminAnalyticsTabQuery$variables = {
  trendCount: number;
};
export type AdminAnalyticsTabQuery$data = {
  readonly analytics: {
    readonly averagePurchaseValue: {
      readonly pence: number;
    };
    readonly conversionRate: number;
    readonly purchasedReferrals: number;
    readonly totalCreditsIssued: {
      readonly pence: number;
    };
    readonly totalCustomers: number;
    readonly totalPurchaseValue: {
      readonly pence: number;
    };
    readonly totalReferrals: number;
    readonly verifiedCustomers: number;
  };
  readonly revenueTrends: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly amount: {
          readonly pence: number;
        };
        readonly credits: {
          readonly pence: number;
        };
        readonly date: string;
      };
    }>;
  };
};
export type AdminAnalyticsTabQuery = {
  response: AdminAnalyticsTabQuery$data;
  variables: AdminAnalyticsTabQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "trendCount"
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
],
v2 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "AnalyticsSummary",
    "kind": "LinkedField",
    "name": "analytics",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "totalCustomers",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "verifiedCustomers",
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
        "name": "conversionRate",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "totalCreditsIssued",
        "plural": false,
        "selections": (v1/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "totalPurchaseValue",
        "plural": false,
        "selections": (v1/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "averagePurchaseValue",
        "plural": false,
        "selections": (v1/*:: as any*/),
        "storageKey": null
      }
    ],
    "storageKey": null
  },
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "first",
        "variableName": "trendCount"
      }
    ],
    "concreteType": "QueryRevenueTrendsConnection",
    "kind": "LinkedField",
    "name": "revenueTrends",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryRevenueTrendsConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "RevenueTrend",
            "kind": "LinkedField",
            "name": "node",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "amount",
                "plural": false,
                "selections": (v1/*:: as any*/),
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "credits",
                "plural": false,
                "selections": (v1/*:: as any*/),
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "date",
                "storageKey": null
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
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminAnalyticsTabQuery",
    "selections": (v2/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminAnalyticsTabQuery",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "cacheID": "5981d1774da9b6768e7ca5a93cf7c392",
    "id": null,
    "metadata": {},
    "name": "AdminAnalyticsTabQuery",
    "operationKind": "query",
    "text": "query AdminAnalyticsTabQuery(\n  $trendCount: Int!\n) {\n  analytics {\n    totalCustomers\n    verifiedCustomers\n    totalReferrals\n    purchasedReferrals\n    conversionRate\n    totalCreditsIssued {\n      pence\n    }\n    totalPurchaseValue {\n      pence\n    }\n    averagePurchaseValue {\n      pence\n    }\n  }\n  revenueTrends(first: $trendCount) {\n    edges {\n      node {\n        amount {\n          pence\n        }\n        credits {\n          pence\n        }\n        date\n      }\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "c12f73b99d4756177dda3b5c8b95c537";

export default node;
