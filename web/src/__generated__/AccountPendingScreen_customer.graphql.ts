/**
 * @generated SignedSource<<cc530e9306010b87ab33236c27dce2c5>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AccountPendingScreen_customer$data = {
  readonly contractNumber: string;
  readonly createdAt: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly postcode: string;
  readonly " $fragmentType": "AccountPendingScreen_customer";
};
export type AccountPendingScreen_customer$key = {
  readonly " $data"?: AccountPendingScreen_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AccountPendingScreen_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AccountPendingScreen_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "postcode",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "contractNumber",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "originalPurchaseAmount",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "pence",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "537969236d8527ef0f4786deb8090cdc";

export default node;
