/**
 * @generated SignedSource<<c63a68c637eeba214874f58206cb05a3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ReferralChannel = "SHARE_LINK" | "STAFF" | "TYPED" | "%future added value";
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type ReferralListItem_referral$data = {
  readonly address: string | null | undefined;
  readonly ageDisplay: string;
  readonly cancellation: {
    readonly cancelledAt: string;
    readonly categoryDisplay: string;
    readonly creditReversed: {
      readonly pence: number;
    };
  } | null | undefined;
  readonly channel: ReferralChannel;
  readonly createdAt: string;
  readonly creditEarned: {
    readonly pence: number;
  } | null | undefined;
  readonly daysRemaining: number | null | undefined;
  readonly email: string | null | undefined;
  readonly expiryDisplay: string | null | undefined;
  readonly id: string;
  readonly name: string | null | undefined;
  readonly phone: string | null | undefined;
  readonly phoneDisplay: string | null | undefined;
  readonly recordedByName: string | null | undefined;
  readonly status: ReferralStatus;
  readonly statusDisplay: string;
  readonly " $fragmentType": "ReferralListItem_referral";
};
export type ReferralListItem_referral$key = {
  readonly " $data"?: ReferralListItem_referral$data;
  readonly " $fragmentSpreads": FragmentRefs<"ReferralListItem_referral">;
};

const node: ReaderFragment = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ReferralListItem_referral",
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
      "name": "phone",
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
      "name": "email",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "address",
      "storageKey": null
    },
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
      "name": "statusDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "ageDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "channel",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "recordedByName",
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
      "name": "daysRemaining",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "expiryDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "creditEarned",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "ReferralCancellation",
      "kind": "LinkedField",
      "name": "cancellation",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "cancelledAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "categoryDisplay",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Money",
          "kind": "LinkedField",
          "name": "creditReversed",
          "plural": false,
          "selections": (v0/*:: as any*/),
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Referral",
  "abstractKey": null
};
})();

(node as any).hash = "e41f27351d5c737e5e83d9f041d1fffc";

export default node;
