/**
 * @generated SignedSource<<be1f6fd7e5531b50518ea9d875d2bfa8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type ReferralChannel = "SHARE_LINK" | "STAFF" | "TYPED" | "%future added value";
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type StaffCustomerCard_customer$data = {
  readonly contractNumber: string | null | undefined;
  readonly firstName: string;
  readonly id: string;
  readonly lastName: string;
  readonly milestones: ReadonlyArray<{
    readonly key: string;
    readonly state: string;
    readonly title: string;
  }>;
  readonly phoneDisplay: string | null | undefined;
  readonly postcode: string | null | undefined;
  readonly progressPercentage: number;
  readonly referrals: ReadonlyArray<{
    readonly channel: ReferralChannel;
    readonly createdAt: string;
    readonly id: string;
    readonly name: string;
    readonly status: ReferralStatus;
    readonly statusDisplay: string;
  }>;
  readonly status: CustomerStatus;
  readonly " $fragmentType": "StaffCustomerCard_customer";
};
export type StaffCustomerCard_customer$key = {
  readonly " $data"?: StaffCustomerCard_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"StaffCustomerCard_customer">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "status",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "StaffCustomerCard_customer",
  "selections": [
    (v0/*:: as any*/),
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
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "progressPercentage",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "StaffMilestoneState",
      "kind": "LinkedField",
      "name": "milestones",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "key",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "title",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "state",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": [
        {
          "kind": "Literal",
          "name": "first",
          "value": 20
        }
      ],
      "concreteType": "StaffReferralRow",
      "kind": "LinkedField",
      "name": "referrals",
      "plural": true,
      "selections": [
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "name",
          "storageKey": null
        },
        (v1/*:: as any*/),
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
          "name": "createdAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "channel",
          "storageKey": null
        }
      ],
      "storageKey": "referrals(first:20)"
    }
  ],
  "type": "StaffCustomerCard",
  "abstractKey": null
};
})();

(node as any).hash = "330e364af36470f0a3a9ae46f7610c7a";

export default node;
