/**
 * @generated SignedSource<<a401dc0c657b3488a8e24acfe7c7b290>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type ProgressHero_customer$data = {
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly remainingToTarget: {
    readonly pence: number;
  };
  readonly " $fragmentType": "ProgressHero_customer";
};
export type ProgressHero_customer$key = {
  readonly " $data"?: ProgressHero_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"ProgressHero_customer">;
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
  "name": "ProgressHero_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "progressPercentage",
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
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "remainingToTarget",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "15e7e1fb79efb0a37b9bfd951250b86a";

export default node;
