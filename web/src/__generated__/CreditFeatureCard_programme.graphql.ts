/**
 * @generated SignedSource<<881036320391488083276a18eeb8057f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type CreditFeatureCard_programme$data = {
  readonly creditPerPound: string;
  readonly creditRatePercent: string;
  readonly " $fragmentType": "CreditFeatureCard_programme";
};
export type CreditFeatureCard_programme$key = {
  readonly " $data"?: CreditFeatureCard_programme$data;
  readonly " $fragmentSpreads": FragmentRefs<"CreditFeatureCard_programme">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "CreditFeatureCard_programme",
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
      "name": "creditPerPound",
      "storageKey": null
    }
  ],
  "type": "Programme",
  "abstractKey": null
};

(node as any).hash = "22e2b8de7524b372362b2eb7f32b7624";

export default node;
