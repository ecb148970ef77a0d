/**
 * @generated SignedSource<<26b5d5166b77ff4a461a2f213863ff21>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminVerifyPurchaseForm_referral$data = {
  readonly address: string | null | undefined;
  readonly createdAt: string;
  readonly customer: {
    readonly user: {
      readonly email: string;
      readonly firstName: string | null | undefined;
      readonly lastName: string | null | undefined;
      readonly username: string;
    };
  };
  readonly email: string | null | undefined;
  readonly id: string;
  readonly name: string | null | undefined;
  readonly phoneDisplay: string | null | undefined;
  readonly signalCount: number;
  readonly " $fragmentSpreads": FragmentRefs<"ReferralHoldControls_referral" | "ReferralSignalList_referral">;
  readonly " $fragmentType": "AdminVerifyPurchaseForm_referral";
};
export type AdminVerifyPurchaseForm_referral$key = {
  readonly " $data"?: AdminVerifyPurchaseForm_referral$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminVerifyPurchaseForm_referral">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "email",
  "storageKey": null
};
return {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminVerifyPurchaseForm_referral",
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
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "phoneDisplay",
      "storageKey": null
    },
    (v0/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "address",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "createdAt",
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
    },
    {
      "args": null,
      "kind": "FragmentSpread",
      "name": "ReferralHoldControls_referral"
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Customer",
      "kind": "LinkedField",
      "name": "customer",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "User",
          "kind": "LinkedField",
          "name": "user",
          "plural": false,
          "selections": [
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
              "name": "firstName",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "lastName",
              "storageKey": null
            },
            (v0/*:: as any*/)
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Referral",
  "abstractKey": null
};
})();

(node as any).hash = "875f9dcf3d6c32d33ac4e447a770301b";

export default node;
