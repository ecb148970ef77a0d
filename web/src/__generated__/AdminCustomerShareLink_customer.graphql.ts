/**
 * @generated SignedSource<<987585248ab29d1bae4947908de0267e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerShareLink_customer$data = {
  readonly id: string;
  readonly shareLink: {
    readonly createdAt: string;
    readonly id: string;
    readonly opens: number;
    readonly paused: boolean;
    readonly signUps: number;
    readonly url: string;
  } | null | undefined;
  readonly " $fragmentType": "AdminCustomerShareLink_customer";
};
export type AdminCustomerShareLink_customer$key = {
  readonly " $data"?: AdminCustomerShareLink_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerShareLink_customer">;
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
  "name": "AdminCustomerShareLink_customer",
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
          "name": "createdAt",
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
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "3a81046ce488f3eebde15a7e80ef18b2";

export default node;
