/**
 * @generated SignedSource<<8b4550056592a80ed40e53a081e3ff7c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type MilestoneKey = "M100" | "M33" | "M66" | "%future added value";
export type MilestoneState = "LOCKED" | "PAID" | "READY" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type MilestoneJourney_customer$data = {
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly milestones: ReadonlyArray<{
    readonly key: MilestoneKey;
    readonly paidAt: string | null | undefined;
    readonly paymentRequestedAt: string | null | undefined;
    readonly percent: number;
    readonly state: MilestoneState;
    readonly threshold: {
      readonly pence: number;
    };
    readonly title: string;
    readonly tranche: {
      readonly pence: number;
    };
  }>;
  readonly " $fragmentType": "MilestoneJourney_customer";
};
export type MilestoneJourney_customer$key = {
  readonly " $data"?: MilestoneJourney_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"MilestoneJourney_customer">;
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
  "name": "MilestoneJourney_customer",
  "selections": [
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
          "name": "paidAt",
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
          "name": "threshold",
          "plural": false,
          "selections": (v0/*:: as any*/),
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

(node as any).hash = "47d984e9424c0a69f0d175b5d4cb1d98";

export default node;
