/**
 * @generated SignedSource<<8d44fd688c42bf73a222369c5066c06d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type MilestoneProgress_customer$data = {
  readonly creditsPaid: {
    readonly pence: number;
  };
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly " $fragmentType": "MilestoneProgress_customer";
};
export type MilestoneProgress_customer$key = {
  readonly " $data"?: MilestoneProgress_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"MilestoneProgress_customer">;
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
  "name": "MilestoneProgress_customer",
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
      "name": "originalPurchaseAmount",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "114d04f23487af3715d98a030c0a0771";

export default node;
