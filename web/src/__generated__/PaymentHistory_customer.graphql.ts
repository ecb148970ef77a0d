/**
 * @generated SignedSource<<544e26965b50b76e28520e3e6cf52373>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type PaymentHistory_customer$data = {
  readonly milestonePayments: ReadonlyArray<{
    readonly amount: {
      readonly pence: number;
    };
    readonly id: string;
    readonly milestoneType: string;
    readonly paidAt: string;
  }>;
  readonly " $fragmentType": "PaymentHistory_customer";
};
export type PaymentHistory_customer$key = {
  readonly " $data"?: PaymentHistory_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"PaymentHistory_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "PaymentHistory_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "MilestonePayment",
      "kind": "LinkedField",
      "name": "milestonePayments",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "id",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "milestoneType",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "paidAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Money",
          "kind": "LinkedField",
          "name": "amount",
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
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "1cc40d3236c3d12a75f2ff38df2231f2";

export default node;
