/**
 * @generated SignedSource<<04ab150bf304f1f68c659e83e3b375e6>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SharePanel_customer$data = {
  readonly id: string;
  readonly shareLink: {
    readonly id: string;
    readonly opens: number;
    readonly paused: boolean;
    readonly shareMessage: string;
    readonly signUps: number;
    readonly url: string;
  } | null | undefined;
  readonly " $fragmentType": "SharePanel_customer";
};
export type SharePanel_customer$key = {
  readonly " $data"?: SharePanel_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"SharePanel_customer">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "SharePanel_customer",
  "selections": [
    (v0/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "concreteType": "ShareLink",
      "kind": "LinkedField",
      "name": "shareLink",
      "plural": false,
      "selections": [
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "url",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "paused",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "opens",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "signUps",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "shareMessage",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "44471dcfac44af31f95082db727e8b44";

export default node;
