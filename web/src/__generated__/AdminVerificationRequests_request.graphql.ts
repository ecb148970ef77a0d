/**
 * @generated SignedSource<<ad6c6c0f0f494097f0d12f7cfe975f6a>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminVerificationRequests_request$data = {
  readonly amount: {
    readonly pence: number;
  };
  readonly customerName: string;
  readonly id: string;
  readonly notes: string;
  readonly referral: {
    readonly id: string;
    readonly name: string | null | undefined;
    readonly signalCount: number;
    readonly " $fragmentSpreads": FragmentRefs<"ReferralSignalList_referral">;
  };
  readonly requestedAt: string;
  readonly requestedBy: {
    readonly username: string;
  };
  readonly requestedByViewer: boolean;
  readonly " $fragmentType": "AdminVerificationRequests_request";
};
export type AdminVerificationRequests_request$key = {
  readonly " $data"?: AdminVerificationRequests_request$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminVerificationRequests_request">;
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
  "name": "AdminVerificationRequests_request",
  "selections": [
    (v0/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "customerName",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "amount",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "pence",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "notes",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "requestedAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "requestedByViewer",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "User",
      "kind": "LinkedField",
      "name": "requestedBy",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "username",
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Referral",
      "kind": "LinkedField",
      "name": "referral",
      "plural": false,
      "selections": [
        (v0/*:: as any*/),
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "name",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "signalCount",
          "storageKey": null
        },
        {
          "args": null,
          "kind": "FragmentSpread",
          "name": "ReferralSignalList_referral"
        }
      ],
      "storageKey": null
    }
  ],
  "type": "PurchaseVerificationRequest",
  "abstractKey": null
};
})();

(node as any).hash = "815ee89776b2fadb04b27c65db4ef6e0";

export default node;
