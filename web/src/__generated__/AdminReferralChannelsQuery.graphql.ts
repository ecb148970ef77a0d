/**
 * @generated SignedSource<<fb83d3522b204b799e82fa0c0a600d47>>
 * @relayHash 9f4a5fb798f6acd4f3ebe24c38d3bdcc
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 3cb6e108c6a22da5f18d83e9aa52cd4b1663b79e228c7916357ebcd19c65418b

import { ConcreteRequest } from 'relay-runtime';
export type ReferralChannel = "SHARE_LINK" | "STAFF" | "TYPED" | "%future added value";
export type AdminReferralChannelsQuery$variables = {
  from: string;
  to: string;
};
export type AdminReferralChannelsQuery$data = {
  readonly referralChannelReport: ReadonlyArray<{
    readonly channel: ReferralChannel;
    readonly linkOpens: number;
    readonly referrals: number;
    readonly verifiedPurchases: number;
  }>;
};
export type AdminReferralChannelsQuery = {
  response: AdminReferralChannelsQuery$data;
  variables: AdminReferralChannelsQuery$variables;
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
    "concreteType": "ReferralChannelRow",
    "kind": "LinkedField",
    "name": "referralChannelReport",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "channel",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "referrals",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "verifiedPurchases",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "linkOpens",
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
    "name": "AdminReferralChannelsQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminReferralChannelsQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "3cb6e108c6a22da5f18d83e9aa52cd4b1663b79e228c7916357ebcd19c65418b",
    "metadata": {},
    "name": "AdminReferralChannelsQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "c8a66617006446feabe32d2201739ee8";

export default node;
