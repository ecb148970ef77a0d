/**
 * @generated SignedSource<<018f42791d429e1949376bfda88843d7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HomeTab_customer$data = {
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly " $fragmentSpreads": FragmentRefs<"ProgressHero_customer" | "RecentActivity_customer" | "SharePanel_customer">;
  readonly " $fragmentType": "HomeTab_customer";
};
export type HomeTab_customer$key = {
  readonly " $data"?: HomeTab_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"HomeTab_customer">;
};

const node: ReaderFragment = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
];
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HomeTab_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "originalPurchaseAmount",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "currentCredits",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "ProgressHero_customer"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "RecentActivity_customer"
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "SharePanel_customer"
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "f0f9cf30ca557ca571a076be1e0fabf6";

export default node;
