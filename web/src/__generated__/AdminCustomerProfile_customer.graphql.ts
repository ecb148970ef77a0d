/**
 * @generated SignedSource<<3f8d6f1da00180716a84c828072390ac>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerProfile_customer$data = {
  readonly contractNumber: string;
  readonly createdAt: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly postcode: string;
  readonly rejectionReason: string | null | undefined;
  readonly status: CustomerStatus;
  readonly user: {
    readonly email: string;
    readonly emailConfirmed: boolean;
    readonly erased: boolean;
    readonly username: string;
  };
  readonly verifiedAt: string | null | undefined;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPendingCustomerCard_customer">;
  readonly " $fragmentType": "AdminCustomerProfile_customer";
};
export type AdminCustomerProfile_customer$key = {
  readonly " $data"?: AdminCustomerProfile_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerProfile_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminCustomerProfile_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
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
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "verifiedAt",
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
          "name": "erased",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "AdminPendingCustomerCard_customer"
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "8b9be6885f3eaf949d1627422dbf7f3b";

export default node;
