/**
 * @generated SignedSource<<d4660cf68854b325f5dbb70b48803f20>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AddReferralDrawer_customer$data = {
  readonly id: string;
  readonly " $fragmentType": "AddReferralDrawer_customer";
};
export type AddReferralDrawer_customer$key = {
  readonly " $data"?: AddReferralDrawer_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AddReferralDrawer_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AddReferralDrawer_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "90b1407a8cdfb742963e8b725d1a5447";

export default node;
