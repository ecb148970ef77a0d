/**
 * @generated SignedSource<<ee16f98aecf191fb7350e2c780208679>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

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
    "cacheID": "42542337c164b0bf01ba877c0b5995e4",
    "id": null,
    "metadata": {},
    "name": "MilestonesPageQuery",
    "operationKind": "query",
    "text": "query MilestonesPageQuery {\n  viewer {\n    id\n    customer {\n      id\n      status\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "262df94415e379ddbeddc097c5a98a97";

export default node;
