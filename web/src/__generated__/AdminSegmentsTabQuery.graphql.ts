/**
 * @generated SignedSource<<98905dbc08b454a32ab8007734415167>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type CustomerSegment = "GETTING_STARTED" | "HIGH_PROGRESS" | "LOW_PROGRESS" | "MEDIUM_PROGRESS" | "%future added value";
export type AdminSegmentsTabQuery$variables = Record<PropertyKey, never>;
export type AdminSegmentsTabQuery$data = {
  readonly customerSegments: ReadonlyArray<{
    readonly customers: number;
    readonly name: string;
    readonly segment: CustomerSegment;
  }>;
};
export type AdminSegmentsTabQuery = {
  response: AdminSegmentsTabQuery$data;
  variables: AdminSegmentsTabQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "SegmentCount",
    "kind": "LinkedField",
    "name": "customerSegments",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "segment",
        "storageKey": null
      },
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
        "name": "customers",
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
    "name": "AdminSegmentsTabQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminSegmentsTabQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "e3d5fbd966057f8e4fc6a117d71743c4",
    "id": null,
    "metadata": {},
    "name": "AdminSegmentsTabQuery",
    "operationKind": "query",
    "text": "query AdminSegmentsTabQuery {\n  customerSegments {\n    segment\n    name\n    customers\n  }\n}\n"
  }
};
})();

(node as any).hash = "49fbbd7744cf704e02f4b92bbc7b2ea9";

export default node;
