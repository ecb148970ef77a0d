/**
 * @generated SignedSource<<ac140c77124011df17ec572c87a1ddb9>>
 * @relayHash 42542337c164b0bf01ba877c0b5995e4
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ea3b0ef295adba0ca4df6d49b4273c10a575bc87f1c0fd9b5e92b5113ca83b79

import { ConcreteRequest } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type MilestonesPageQuery$variables = Record<PropertyKey, never>;
export type MilestonesPageQuery$data = {
  readonly viewer: {
    readonly customer: {
      readonly id: string;
      readonly status: CustomerStatus;
    } | null | undefined;
    readonly id: string;
  } | null | undefined;
};
export type MilestonesPageQuery = {
  response: MilestonesPageQuery$data;
  variables: MilestonesPageQuery$variables;
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
    "name": "MilestonesPageQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "MilestonesPageQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "ea3b0ef295adba0ca4df6d49b4273c10a575bc87f1c0fd9b5e92b5113ca83b79",
    "metadata": {},
    "name": "MilestonesPageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "262df94415e379ddbeddc097c5a98a97";

export default node;
