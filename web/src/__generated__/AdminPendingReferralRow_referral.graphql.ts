/**
 * @generated SignedSource<<2cb996036ddc4421b02fe25decaa5c56>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminPendingReferralRow_referral$data = {
  readonly customer: {
    readonly databaseId: number;
    readonly user: {
      readonly firstName: string | null | undefined;
      readonly lastName: string | null | undefined;
      readonly username: string;
    };
  };
  readonly daysRemaining: number | null | undefined;
  readonly hold: {
    readonly heldAt: string;
  } | null | undefined;
  readonly id: string;
  readonly name: string | null | undefined;
  readonly phoneDisplay: string | null | undefined;
  readonly signalCount: number;
  readonly " $fragmentType": "AdminPendingReferralRow_referral";
};
export type AdminPendingReferralRow_referral$key = {
  readonly " $data"?: AdminPendingReferralRow_referral$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPendingReferralRow_referral">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminPendingReferralRow_referral",
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
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "phoneDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "daysRemaining",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "signalCount",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ReferralHold",
      "kind": "LinkedField",
      "name": "hold",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "heldAt",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Customer",
      "kind": "LinkedField",
      "name": "customer",
      "plural": false,
      "selections": [
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
      "storageKey": null
    }
  ],
  "type": "Referral",
  "abstractKey": null
};

(node as any).hash = "b2c1ea3b170fd9c747f59a051a5db33b";

export default node;
