/**
 * @generated SignedSource<<9929688de08bf1334a3b594ab3b32758>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type StaffSearchResult_customer$data = {
  readonly contractNumber: string | null | undefined;
  readonly firstName: string;
  readonly id: string;
  readonly lastName: string;
  readonly phoneDisplay: string | null | undefined;
  readonly postcode: string | null | undefined;
  readonly status: CustomerStatus;
  readonly " $fragmentType": "StaffSearchResult_customer";
};
export type StaffSearchResult_customer$key = {
  readonly " $data"?: StaffSearchResult_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"StaffSearchResult_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "StaffSearchResult_customer",
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

(node as any).hash = "8d672a33defc280b407fd82adcc7fcd2";

export default node;
