/**
 * @generated SignedSource<<3e558a964fbda4246970db3f58cbb3e4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type MyRecordedReferralsRow_referral$data = {
  readonly createdAt: string;
  readonly id: string;
  readonly name: string;
  readonly referrerName: string;
  readonly status: ReferralStatus;
  readonly statusDisplay: string;
  readonly verified: boolean;
  readonly " $fragmentType": "MyRecordedReferralsRow_referral";
};
export type MyRecordedReferralsRow_referral$key = {
  readonly " $data"?: MyRecordedReferralsRow_referral$data;
  readonly " $fragmentSpreads": FragmentRefs<"MyRecordedReferralsRow_referral">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "MyRecordedReferralsRow_referral",
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
      "name": "referrerName",
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
      "name": "verified",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
      "storageKey": null
    }
  ],
  "type": "StaffRecordedReferral",
  "abstractKey": null
};

(node as any).hash = "09c2947a37528c22c466e476fed465dc";

export default node;
