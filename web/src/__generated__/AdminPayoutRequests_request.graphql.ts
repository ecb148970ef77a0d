/**
 * @generated SignedSource<<e7a0662d36afe4332972ce633949635c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminPayoutRequests_request$data = {
  readonly amount: {
    readonly pence: number;
  };
  readonly customerName: string;
  readonly id: string;
  readonly lapsesAt: string;
  readonly notes: string | null | undefined;
  readonly percent: number;
  readonly requestedAt: string;
  readonly requestedBy: {
    readonly username: string;
  };
  readonly requestedByViewer: boolean;
  readonly " $fragmentType": "AdminPayoutRequests_request";
};
export type AdminPayoutRequests_request$key = {
  readonly " $data"?: AdminPayoutRequests_request$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPayoutRequests_request">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminPayoutRequests_request",
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
      "name": "customerName",
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
      "name": "lapsesAt",
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
    }
  ],
  "type": "PayoutRequest",
  "abstractKey": null
};

(node as any).hash = "ea6ec6c59a2a8080fba24dcac135b382";

export default node;
