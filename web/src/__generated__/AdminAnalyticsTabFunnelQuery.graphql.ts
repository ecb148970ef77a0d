/**
 * @generated SignedSource<<9089600e55e051eea05d299a76abddc4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AdminAnalyticsTabFunnelQuery$variables = {
  from: string;
  to: string;
};
export type AdminAnalyticsTabFunnelQuery$data = {
  readonly referralFunnel: {
    readonly added: number;
    readonly expired: number;
    readonly pending: number;
    readonly purchased: number;
    readonly withdrawn: number;
  };
};
export type AdminAnalyticsTabFunnelQuery = {
  response: AdminAnalyticsTabFunnelQuery$data;
  variables: AdminAnalyticsTabFunnelQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "from"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "to"
  }
],
v1 = [
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
        "name": "to",
        "variableName": "to"
      }
    ],
    "concreteType": "ReferralFunnel",
    "kind": "LinkedField",
    "name": "referralFunnel",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "added",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "purchased",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "expired",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "withdrawn",
        "storageKey": null
      },
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
    "name": "AdminAnalyticsTabFunnelQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminAnalyticsTabFunnelQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "cea5e83e24562416f378f9ee2ee857f7",
    "id": null,
    "metadata": {},
    "name": "AdminAnalyticsTabFunnelQuery",
    "operationKind": "query",
    "text": "query AdminAnalyticsTabFunnelQuery(\n  $from: String!\n  $to: String!\n) {\n  referralFunnel(from: $from, to: $to) {\n    added\n    purchased\n    expired\n    withdrawn\n    pending\n  }\n}\n"
  }
};
})();

(node as any).hash = "e8c2169122098ad9c47274a4ac592336";

export default node;
