/**
 * @generated SignedSource<<550542d3ec66d33fae8e36a5aa0b8258>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ReferralsTab_customer$data = {
  readonly " $fragmentSpreads": FragmentRefs<"ReferralList_customer">;
  readonly " $fragmentType": "ReferralsTab_customer";
};
export type ReferralsTab_customer$key = {
  readonly " $data"?: ReferralsTab_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"ReferralsTab_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ReferralsTab_customer",
  "selections": [
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "ReferralList_customer"
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "9691a620c1e0eb7e7c83d86b2f05eb4c";

export default node;
