/**
 * @generated SignedSource<<485ed6629b47d6e176447983ccb02507>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type MilestoneKey = "M100" | "M33" | "M66" | "%future added value";
export type MilestoneState = "LOCKED" | "PAID" | "READY" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminMilestoneCustomerCard_customer$data = {
  readonly creditsPaid: {
    readonly pence: number;
  };
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly databaseId: number;
  readonly id: string;
  readonly milestones: ReadonlyArray<{
    readonly key: MilestoneKey;
    readonly paymentRequestedAt: string | null | undefined;
    readonly percent: number;
    readonly state: MilestoneState;
    readonly title: string;
    readonly tranche: {
      readonly pence: number;
    };
  }>;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly overpaid: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly " $fragmentType": "AdminMilestoneCustomerCard_customer";
};
export type AdminMilestoneCustomerCard_customer$key = {
  readonly " $data"?: AdminMilestoneCustomerCard_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminMilestoneCustomerCard_customer">;
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
  "name": "AdminMilestoneCustomerCard_customer",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "databaseId",
      "storageKey": null
    },
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
      "name": "overpaid",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Milestone",
      "kind": "LinkedField",
      "name": "milestones",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "key",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "percent",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "title",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "state",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "paymentRequestedAt",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "Money",
          "kind": "LinkedField",
          "name": "tranche",
          "plural": false,
          "selections": (v0/*:: as any*/),
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

(node as any).hash = "bfed2f37d9766f865f16beade54941cf";

export default node;
