/**
 * @generated SignedSource<<dd7beb58baae8166774e239d4b7b0216>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type HowItWorksBox_programme$data = {
  readonly creditRateBasisPoints: number;
  readonly creditRatePercent: string;
  readonly " $fragmentType": "HowItWorksBox_programme";
};
export type HowItWorksBox_programme$key = {
  readonly " $data"?: HowItWorksBox_programme$data;
  readonly " $fragmentSpreads": FragmentRefs<"HowItWorksBox_programme">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "HowItWorksBox_programme",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "creditRatePercent",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "creditRateBasisPoints",
      "storageKey": null
    }
  ],
  "type": "Programme",
  "abstractKey": null
};

(node as any).hash = "82b80fbc450ffda146334e675fb23d6f";

export default node;
