/**
 * @generated SignedSource<<d5d0418f951bcb809c07b8742a3a0b26>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminEditCustomerDialog_customer$data = {
  readonly contractNumber: string;
  readonly id: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly user: {
    readonly firstName: string | null | undefined;
    readonly lastName: string | null | undefined;
    readonly username: string;
  };
  readonly " $fragmentType": "AdminEditCustomerDialog_customer";
};
export type AdminEditCustomerDialog_customer$key = {
  readonly " $data"?: AdminEditCustomerDialog_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminEditCustomerDialog_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminEditCustomerDialog_customer",
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
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "User",
      "kind": "LinkedField",
      "name": "user",
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
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "722595ac0820f2f7cf2745ecbb8e56c4";

export default node;
