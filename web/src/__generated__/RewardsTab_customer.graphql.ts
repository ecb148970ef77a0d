/**
 * @generated SignedSource<<8d089fc84ecb1eb5af5fdc00e03fc8e1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type RewardsTab_customer$data = {
  readonly creditsPaid: {
    readonly pence: number;
  };
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly remainingToTarget: {
    readonly pence: number;
  };
  readonly " $fragmentSpreads": FragmentRefs<"MilestoneJourney_customer">;
  readonly " $fragmentType": "RewardsTab_customer";
};
export type RewardsTab_customer$key = {
  readonly " $data"?: RewardsTab_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"RewardsTab_customer">;
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
  "name": "RewardsTab_customer",
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
      "name": "creditsPaid",
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
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "MilestoneJourney_customer"
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "1e576d71ae2fff5d1a023e430406d046";

export default node;
