/**
 * @generated SignedSource<<6dd50fa1e51dceb4267ef8b9507b13b3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type CustomerHeader_viewer$data = {
  readonly isAdmin: boolean;
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
      "name": "isAdmin",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "7da5c42ee611d2c1a42cfc52bcdb9706";

export default node;
