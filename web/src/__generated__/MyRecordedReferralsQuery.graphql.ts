/**
 * @generated SignedSource<<4fcefacf09c4578d215437ac037c419f>>
 * @relayHash e75b07ddff57868d06537d1b867a1939
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 41076224f88cb72abb08879258a9ea75273dbe3c7524b8d40bd95d4b77d40022

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type MyRecordedReferralsQuery$variables = Record<PropertyKey, never>;
export type MyRecordedReferralsQuery$data = {
  readonly myRecordedReferrals: ReadonlyArray<{
    readonly id: string;
    readonly verified: boolean;
    readonly " $fragmentSpreads": FragmentRefs<"MyRecordedReferralsRow_referral">;
  }>;
};
export type MyRecordedReferralsQuery = {
  response: MyRecordedReferralsQuery$data;
  variables: MyRecordedReferralsQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "kind": "Literal",
    "name": "first",
    "value": 50
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "verified",
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "MyRecordedReferralsQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "StaffRecordedReferral",
        "kind": "LinkedField",
        "name": "myRecordedReferrals",
        "plural": true,
        "selections": [
          (v1/*:: as any*/),
          (v2/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "MyRecordedReferralsRow_referral"
          }
        ],
        "storageKey": "myRecordedReferrals(first:50)"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "MyRecordedReferralsQuery",
    "selections": [
      {
        "alias": null,
        "args": (v0/*:: as any*/),
        "concreteType": "StaffRecordedReferral",
        "kind": "LinkedField",
        "name": "myRecordedReferrals",
        "plural": true,
        "selections": [
          (v1/*:: as any*/),
          (v2/*:: as any*/),
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
            "name": "referrerName",
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
            "name": "createdAt",
            "storageKey": null
          }
        ],
        "storageKey": "myRecordedReferrals(first:50)"
      }
    ]
  },
  "params": {
    "id": "41076224f88cb72abb08879258a9ea75273dbe3c7524b8d40bd95d4b77d40022",
    "metadata": {},
    "name": "MyRecordedReferralsQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "bc538024a91e1e777f634dbeb5943a01";

export default node;
