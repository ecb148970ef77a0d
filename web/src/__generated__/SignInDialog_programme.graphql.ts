/**
 * @generated SignedSource<<0e2de3f473b4bb783fdec1aee1af95ad>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SignInDialog_programme$data = {
  readonly " $fragmentSpreads": FragmentRefs<"DemoAccountsHint_programme">;
  readonly " $fragmentType": "SignInDialog_programme";
};
export type SignInDialog_programme$key = {
  readonly " $data"?: SignInDialog_programme$data;
  readonly " $fragmentSpreads": FragmentRefs<"SignInDialog_programme">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SignInDialog_programme",
  "selections": [
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "DemoAccountsHint_programme"
    }
  ],
  "type": "Programme",
  "abstractKey": null
};

(node as any).hash = "dea36c4ed4113909afa57b00523b888a";

export default node;
