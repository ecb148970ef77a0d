/**
 * @generated SignedSource<<a00fd6eb88ff6415c5579dd294dbc4f2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ProgrammeSetting = "CREDIT_RATE" | "FLAGGED_VERIFICATION_APPROVAL" | "PAYOUT_APPROVAL_THRESHOLD" | "REFERRAL_DAILY_LIMIT" | "SIGNAL_AMOUNT_FACTOR" | "SIGNAL_BURST_PER_HOUR" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminSettingChangeRequests_request$data = {
  readonly fromText: string;
  readonly id: string;
  readonly lapsesAt: string;
  readonly requestedAt: string;
  readonly requestedBy: {
    readonly username: string;
  };
  readonly requestedByViewer: boolean;
  readonly setting: ProgrammeSetting;
  readonly settingName: string;
  readonly toText: string;
  readonly toValue: number;
  readonly " $fragmentType": "AdminSettingChangeRequests_request";
};
export type AdminSettingChangeRequests_request$key = {
  readonly " $data"?: AdminSettingChangeRequests_request$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminSettingChangeRequests_request">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminSettingChangeRequests_request",
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
      "name": "setting",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "settingName",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "toValue",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "fromText",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "toText",
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
  "type": "SettingChangeRequest",
  "abstractKey": null
};

(node as any).hash = "ea2402026423f0ceb3b1b559256b1741";

export default node;
