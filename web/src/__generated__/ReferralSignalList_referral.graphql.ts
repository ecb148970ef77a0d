/**
 * @generated SignedSource<<aaf8e8fbf2d1866d4350e5dcbd8f143d>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ReferralSignalKind = "AMOUNT_UNUSUAL" | "BURST" | "DISPOSABLE_EMAIL" | "FRIEND_READDED" | "FRIEND_REFERRED_ELSEWHERE" | "REFERRER_EMAIL" | "REFERRER_PHONE" | "SAME_POSTCODE" | "SHARED_DEVICE" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type ReferralSignalList_referral$data = {
  readonly signals: ReadonlyArray<{
    readonly evidence: string | null | undefined;
    readonly kind: ReferralSignalKind;
    readonly noticedAt: string;
    readonly words: string;
  }>;
  readonly " $fragmentType": "ReferralSignalList_referral";
};
export type ReferralSignalList_referral$key = {
  readonly " $data"?: ReferralSignalList_referral$data;
  readonly " $fragmentSpreads": FragmentRefs<"ReferralSignalList_referral">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "ReferralSignalList_referral",
  "selections": [
    {
      "alias": null,
      "args": null,
      "concreteType": "ReferralSignal",
      "kind": "LinkedField",
      "name": "signals",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "kind",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "words",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "evidence",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "noticedAt",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Referral",
  "abstractKey": null
};

(node as any).hash = "4349a736a27dc80f3c8177596d7bf2ff";

export default node;
