/**
 * @generated SignedSource<<79449422e3c6d81a8747ca19da0c6c33>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminPendingCustomerCard_customer$data = {
  readonly contractNumber: string;
  readonly createdAt: string;
  readonly databaseId: number;
  readonly id: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly postcode: string;
  readonly user: {
    readonly email: string;
    readonly emailConfirmed: boolean;
    readonly firstName: string | null | undefined;
    readonly lastName: string | null | undefined;
    readonly username: string;
  };
  readonly " $fragmentSpreads": FragmentRefs<"AdminEditCustomerDialog_customer">;
  readonly " $fragmentType": "AdminPendingCustomerCard_customer";
};
export type AdminPendingCustomerCard_customer$key = {
  readonly " $data"?: AdminPendingCustomerCard_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPendingCustomerCard_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminPendingCustomerCard_customer",
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
      "name": "databaseId",
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
          "name": "email",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "emailConfirmed",
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
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AdminEditCustomerDialog_customer"
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "11a275932639d17364967fe8f0c6a622";

export default node;
