/**
 * @generated SignedSource<<7202fa09bd6255973c6168da0b91a344>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AdminQueue = "CUSTOMERS" | "EMAILS" | "MILESTONES" | "REFERRALS" | "%future added value";
export type AdminLiveSubscription$variables = Record<PropertyKey, never>;
export type AdminLiveSubscription$data = {
  readonly adminQueuesChanged: {
    readonly at: string;
    readonly queues: ReadonlyArray<AdminQueue>;
  };
};
export type AdminLiveSubscription = {
  response: AdminLiveSubscription$data;
  variables: AdminLiveSubscription$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "AdminQueuesChange",
    "kind": "LinkedField",
    "name": "adminQueuesChanged",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "queues",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "at",
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
    "name": "AdminLiveSubscription",
    "selections": (v0/*:: as any*/),
    "type": "Subscription",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminLiveSubscription",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "852b7b0b6aa3674c34bb8a17396b3528",
    "id": null,
    "metadata": {},
    "name": "AdminLiveSubscription",
    "operationKind": "subscription",
    "text": "subscription AdminLiveSubscription {\n  adminQueuesChanged {\n    queues\n    at\n  }\n}\n"
  }
};
})();

(node as any).hash = "47653765b14dab047858ba87ceec104b";

export default node;
