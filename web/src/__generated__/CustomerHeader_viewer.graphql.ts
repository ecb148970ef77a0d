/**
 * @generated SignedSource<<767b4d062a128e03de619d9da0573715>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type Role = "ADMIN" | "CUSTOMER" | "STAFF" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type CustomerHeader_viewer$data = {
  readonly role: Role;
  readonly " $fragmentType": "CustomerHeader_viewer";
};
export type CustomerHeader_viewer$key = {
  readonly " $data"?: CustomerHeader_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"CustomerHeader_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "CustomerHeader_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "role",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "73b6e4c5a5add8483a8dc936568e576b";

export default node;
