/**
 * @generated SignedSource<<7f9032f24f954c3fbe90494be6e9572a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type RecordReferralForm_customer$data = {
  readonly firstName: string;
  readonly id: string;
  readonly lastName: string;
  readonly status: CustomerStatus;
  readonly " $fragmentType": "RecordReferralForm_customer";
};
export type RecordReferralForm_customer$key = {
  readonly " $data"?: RecordReferralForm_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"RecordReferralForm_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "RecordReferralForm_customer",
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
      "name": "status",
      "storageKey": null
    }
  ],
  "type": "StaffCustomerCard",
  "abstractKey": null
};

(node as any).hash = "fbb9ca81507c94b5b997fc256cef160e";

export default node;
