/**
 * @generated SignedSource<<1645375f5c9cf6b80454760d9f688f21>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ProgrammeContact_programme$data = {
  readonly contactEmail: string | null | undefined;
  readonly contactHours: string | null | undefined;
  readonly contactPhone: string | null | undefined;
  readonly contactPhoneDisplay: string | null | undefined;
  readonly " $fragmentType": "ProgrammeContact_programme";
};
export type ProgrammeContact_programme$key = {
  readonly " $data"?: ProgrammeContact_programme$data;
  readonly " $fragmentSpreads": FragmentRefs<"ProgrammeContact_programme">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ProgrammeContact_programme",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "contactEmail",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "contactPhone",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "contactPhoneDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "contactHours",
      "storageKey": null
    }
  ],
  "type": "Programme",
  "abstractKey": null
};

(node as any).hash = "57a6e939f4955a069c245eee9a3f4812";

export default node;
