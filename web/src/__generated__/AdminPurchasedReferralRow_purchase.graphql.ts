/**
 * @generated SignedSource<<7056fa3665ebf410fbcfa3441ecce28e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminPurchasedReferralRow_purchase$data = {
  readonly amount: {
    readonly pence: number;
  };
  readonly creditEarned: {
    readonly pence: number;
  };
  readonly creditRatePercent: string | null | undefined;
  readonly customerDatabaseId: number;
  readonly customerName: string;
  readonly id: string;
  readonly notes: string | null | undefined;
  readonly referral: {
    readonly email: string | null | undefined;
    readonly id: string;
    readonly name: string | null | undefined;
    readonly phoneDisplay: string | null | undefined;
  };
  readonly verifiedAt: string;
  readonly " $fragmentType": "AdminPurchasedReferralRow_purchase";
};
export type AdminPurchasedReferralRow_purchase$key = {
  readonly " $data"?: AdminPurchasedReferralRow_purchase$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPurchasedReferralRow_purchase">;
};

const node: ReaderFragment = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v1 = [
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
  "name": "AdminPurchasedReferralRow_purchase",
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
      "kind": "ScalarField",
      "name": "customerDatabaseId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "verifiedAt",
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
      "name": "creditRatePercent",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "amount",
      "plural": false,
      "selections": (v1/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "creditEarned",
      "plural": false,
      "selections": (v1/*:: as any*/),
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
          "name": "phoneDisplay",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "email",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "type": "ReferralPurchase",
  "abstractKey": null
};
})();

(node as any).hash = "3f963ff17dc7983a3f244f7b81257fab";

export default node;
