/**
 * @generated SignedSource<<eed78402cfd309cb25a32837c02aec74>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AccountRejectedScreen_customer$data = {
  readonly contractNumber: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly postcode: string;
  readonly rejectionReason: string | null | undefined;
  readonly " $fragmentType": "AccountRejectedScreen_customer";
};
export type AccountRejectedScreen_customer$key = {
  readonly " $data"?: AccountRejectedScreen_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AccountRejectedScreen_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AccountRejectedScreen_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "rejectionReason",
      "storageKey": null
    },
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

(node as any).hash = "8ec55d76f47771aebf7b2c6c7720cbf5";

export default node;
