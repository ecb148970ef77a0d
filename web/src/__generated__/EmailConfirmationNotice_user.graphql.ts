/**
 * @generated SignedSource<<042d229f1ed36f836a730a756031af7c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type EmailConfirmationNotice_user$data = {
  readonly email: string;
  readonly emailConfirmed: boolean;
  readonly " $fragmentType": "EmailConfirmationNotice_user";
};
export type EmailConfirmationNotice_user$key = {
  readonly " $data"?: EmailConfirmationNotice_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"EmailConfirmationNotice_user">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "EmailConfirmationNotice_user",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "email",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "emailConfirmed",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "07709c02a559b046b5015cd08b0fc109";

export default node;
