/**
 * @generated SignedSource<<c8bf30e9ce69460ca6d5ed9e70791af4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type Role = "ADMIN" | "CUSTOMER" | "STAFF" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminStaffPanelRow_user$data = {
  readonly databaseId: number;
  readonly deactivatedAt: string | null | undefined;
  readonly email: string;
  readonly firstName: string | null | undefined;
  readonly id: string;
  readonly lastName: string | null | undefined;
  readonly recordedReferrals: number;
  readonly role: Role;
  readonly username: string;
  readonly verifiedPurchases: number;
  readonly " $fragmentType": "AdminStaffPanelRow_user";
};
export type AdminStaffPanelRow_user$key = {
  readonly " $data"?: AdminStaffPanelRow_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminStaffPanelRow_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminStaffPanelRow_user",
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
      "name": "role",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "deactivatedAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "recordedReferrals",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "verifiedPurchases",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "936c53463b38bf090c06f7dc005ad59b";

export default node;
