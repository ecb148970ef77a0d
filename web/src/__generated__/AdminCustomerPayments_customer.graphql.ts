/**
 * @generated SignedSource<<6c9ca04a9d6b105a98da6977167c4b9d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerPayments_customer$data = {
  readonly milestonePayments: ReadonlyArray<{
    readonly amount: {
      readonly pence: number;
    };
    readonly id: string;
    readonly notes: string | null | undefined;
    readonly paidAt: string;
    readonly paidBy: {
      readonly firstName: string | null | undefined;
      readonly lastName: string | null | undefined;
      readonly username: string;
    };
    readonly percent: number;
  }>;
  readonly " $fragmentType": "AdminCustomerPayments_customer";
};
export type AdminCustomerPayments_customer$key = {
  readonly " $data"?: AdminCustomerPayments_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerPayments_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminCustomerPayments_customer",
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
          "name": "percent",
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
          "kind": "ScalarField",
          "name": "notes",
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
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "User",
          "kind": "LinkedField",
          "name": "paidBy",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "username",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "firstName",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "lastName",
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

(node as any).hash = "78c534a2ce54c913ea8d9025974fd754";

export default node;
