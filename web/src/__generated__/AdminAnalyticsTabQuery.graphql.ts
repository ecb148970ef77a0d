/**
 * @generated SignedSource<<e1f5841844face9f1c900fa6130e5961>>
 * @relayHash 23a70f41c797dd2d88f8ebda0b2afaa0
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 711ab90a6e5812b8b66e4fee611e293b253755853d720dabec52a93f2a37a20a

import { ConcreteRequest } from 'relay-runtime';
export type AdminAnalyticsTabQuery$variables = Record<PropertyKey, never>;
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
};
export type AdminAnalyticsTabQuery = {
  response: AdminAnalyticsTabQuery$data;
  variables: AdminAnalyticsTabQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
],
v1 = [
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
        "selections": (v0/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "totalPurchaseValue",
        "plural": false,
        "selections": (v0/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "averagePurchaseValue",
        "plural": false,
        "selections": (v0/*:: as any*/),
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminAnalyticsTabQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminAnalyticsTabQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "711ab90a6e5812b8b66e4fee611e293b253755853d720dabec52a93f2a37a20a",
    "metadata": {},
    "name": "AdminAnalyticsTabQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e3734bf5a3c3b43740c2a4fde1972cfe";

export default node;
