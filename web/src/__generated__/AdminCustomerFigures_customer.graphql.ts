/**
 * @generated SignedSource<<77dd9006fe6849a565418691773fce67>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerFigures_customer$data = {
  readonly creditsPaid: {
    readonly pence: number;
  };
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly overpaid: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly remainingToTarget: {
    readonly pence: number;
  };
  readonly " $fragmentType": "AdminCustomerFigures_customer";
};
export type AdminCustomerFigures_customer$key = {
  readonly " $data"?: AdminCustomerFigures_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerFigures_customer">;
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
  "name": "AdminCustomerFigures_customer",
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
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "overpaid",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "e52d6c45a6960f6e94d666a29122b484";

export default node;
