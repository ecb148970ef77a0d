/**
 * @generated SignedSource<<b73db7dd13f85e440d56d07bd77f371b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type EmailSection_viewer$data = {
  readonly email: string;
  readonly emailConfirmed: boolean;
  readonly " $fragmentType": "EmailSection_viewer";
};
export type EmailSection_viewer$key = {
  readonly " $data"?: EmailSection_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"EmailSection_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "EmailSection_viewer",
  "selections": [
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
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "049a24e45a3d6b6ea4ff80e08779f565";

export default node;
