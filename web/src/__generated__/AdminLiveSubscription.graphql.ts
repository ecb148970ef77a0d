/**
 * @generated SignedSource<<be982974b84ff152d8dde5c27fb1696e>>
 * @relayHash 852b7b0b6aa3674c34bb8a17396b3528
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f29c220cec6f2d66f67e02e66d157ef360e46d8a2e8af0ecac6eca54927529f2

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
    "id": "f29c220cec6f2d66f67e02e66d157ef360e46d8a2e8af0ecac6eca54927529f2",
    "metadata": {},
    "name": "AdminLiveSubscription",
    "operationKind": "subscription",
    "text": null
  }
};
})();

(node as any).hash = "47653765b14dab047858ba87ceec104b";

export default node;
