/**
 * @generated SignedSource<<f6cd788ed7aeee1d39fe599dadafd1ff>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HomeTab_viewer$data = {
  readonly firstName: string | null | undefined;
  readonly " $fragmentType": "HomeTab_viewer";
};
export type HomeTab_viewer$key = {
  readonly " $data"?: HomeTab_viewer$data;
  readonly " $fragmentSpreads": FragmentRefs<"HomeTab_viewer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HomeTab_viewer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "firstName",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "a1111bb49cd6d7ef99170ad2a83bdcd3";

export default node;
