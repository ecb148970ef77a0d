/**
 * @generated SignedSource<<33ec18e3a80053372e6f0f1e4edda749>>
 * @relayHash cea5e83e24562416f378f9ee2ee857f7
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 30a4c1df1bcacdc60802c0cdc388ec9301da86f95f80972fa9de1baa334da128

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
    "id": "30a4c1df1bcacdc60802c0cdc388ec9301da86f95f80972fa9de1baa334da128",
    "metadata": {},
    "name": "AdminAnalyticsTabFunnelQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e8c2169122098ad9c47274a4ac592336";

export default node;
