/**
 * @generated SignedSource<<98df7eff3b7490a22a6a1201ebf63846>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type DemoAccountsHint_programme$data = {
  readonly demoAccounts: ReadonlyArray<{
    readonly password: string;
    readonly role: string;
    readonly username: string;
  }>;
  readonly demoMode: boolean;
  readonly " $fragmentType": "DemoAccountsHint_programme";
};
export type DemoAccountsHint_programme$key = {
  readonly " $data"?: DemoAccountsHint_programme$data;
  readonly " $fragmentSpreads": FragmentRefs<"DemoAccountsHint_programme">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "DemoAccountsHint_programme",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "demoMode",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "DemoAccount",
      "kind": "LinkedField",
      "name": "demoAccounts",
      "plural": true,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "role",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "username",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "password",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Programme",
  "abstractKey": null
};

(node as any).hash = "59ee1421853fba2b41bf141cf877ed7a";

export default node;
