/**
 * @generated SignedSource<<258169cd0b0bd4760da261232cd876a8>>
 * @relayHash e2113312cf3e4b7c9d7f36b7471ca9d9
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 91bdfa559e6e68f54b6e6327aacf1ab30774b514f74be96f3c9ecedea07f786d

import { ConcreteRequest } from 'relay-runtime';
export type ReportPeriod = "MONTH" | "WEEK" | "%future added value";
export type AdminAnalyticsTabRevenueQuery$variables = {
  from: string;
  period: ReportPeriod;
  to: string;
};
export type AdminAnalyticsTabRevenueQuery$data = {
  readonly revenueByPeriod: ReadonlyArray<{
    readonly creditsIssued: {
      readonly pence: number;
    };
    readonly creditsReversed: {
      readonly pence: number;
    };
    readonly purchases: number;
    readonly revenue: {
      readonly pence: number;
    };
    readonly start: string;
  }>;
};
export type AdminAnalyticsTabRevenueQuery = {
  response: AdminAnalyticsTabRevenueQuery$data;
  variables: AdminAnalyticsTabRevenueQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "from"
},
v1 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "period"
},
v2 = {
  "defaultValue": null,
  "kind": "LocalArgument",
  "name": "to"
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
        "name": "from",
        "variableName": "from"
      },
      {
        "kind": "Variable",
        "name": "period",
        "variableName": "period"
      },
      {
        "kind": "Variable",
        "name": "to",
        "variableName": "to"
      }
    ],
    "concreteType": "RevenueBucket",
    "kind": "LinkedField",
    "name": "revenueByPeriod",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "start",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "purchases",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "revenue",
        "plural": false,
        "selections": (v3/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "creditsIssued",
        "plural": false,
        "selections": (v3/*:: as any*/),
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "Money",
        "kind": "LinkedField",
        "name": "creditsReversed",
        "plural": false,
        "selections": (v3/*:: as any*/),
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
    "name": "AdminAnalyticsTabRevenueQuery",
    "selections": (v4/*:: as any*/),
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
    "name": "AdminAnalyticsTabRevenueQuery",
    "selections": (v4/*:: as any*/)
  },
  "params": {
    "id": "91bdfa559e6e68f54b6e6327aacf1ab30774b514f74be96f3c9ecedea07f786d",
    "metadata": {},
    "name": "AdminAnalyticsTabRevenueQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e7ee46caf62f7aec0c970999b5626172";

export default node;
