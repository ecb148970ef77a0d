/**
 * @generated SignedSource<<9e0156ffd445e4e1d56df593c99bd864>>
 * @relayHash e3d5fbd966057f8e4fc6a117d71743c4
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID e15486cc4a8a4a65df49bb06580b6dbae3fa7a6fdd13e16ceff83f8ca40f1e1c

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
    "id": "e15486cc4a8a4a65df49bb06580b6dbae3fa7a6fdd13e16ceff83f8ca40f1e1c",
    "metadata": {},
    "name": "AdminSegmentsTabQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "49fbbd7744cf704e02f4b92bbc7b2ea9";

export default node;
