/**
 * @generated SignedSource<<7bb6a083e751dc1dbe8df35e37d91d99>>
 * @relayHash 30b93d4b07b54d800b22524a4e45edfb
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 77d164ae16082bda9a062f19d1c7572c1e952265258521e1107152926ec135f4

import { ConcreteRequest } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type ActivityPageQuery$variables = Record<PropertyKey, never>;
export type ActivityPageQuery$data = {
  readonly viewer: {
    readonly customer: {
      readonly id: string;
      readonly status: CustomerStatus;
    } | null | undefined;
    readonly id: string;
  } | null | undefined;
};
export type ActivityPageQuery = {
  response: ActivityPageQuery$data;
  variables: ActivityPageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "User",
    "kind": "LinkedField",
    "name": "viewer",
    "plural": false,
    "selections": [
      (v0/*:: as any*/),
      {
        "alias": null,
        "args": null,
        "concreteType": "Customer",
        "kind": "LinkedField",
        "name": "customer",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "status",
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
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "ActivityPageQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "ActivityPageQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "77d164ae16082bda9a062f19d1c7572c1e952265258521e1107152926ec135f4",
    "metadata": {},
    "name": "ActivityPageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "d5ce2bd633b60ea228d1b2eda0b6c037";

export default node;
