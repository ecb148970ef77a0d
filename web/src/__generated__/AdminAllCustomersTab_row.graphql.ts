/**
 * @generated SignedSource<<8d9b09e099c0ac07d8a75b3a829e7687>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminAllCustomersTab_row$data = {
  readonly createdAt: string;
  readonly currentCredits: {
    readonly pence: number;
  };
  readonly customerId: string;
  readonly databaseId: number;
  readonly email: string;
  readonly emailConfirmed: boolean;
  readonly name: string;
  readonly originalPurchaseAmount: {
    readonly pence: number;
  };
  readonly progressPercentage: number;
  readonly purchasedReferrals: number;
  readonly refundIssued: boolean;
  readonly status: CustomerStatus;
  readonly statusDisplay: string;
  readonly totalReferrals: number;
  readonly userName: string;
  readonly " $fragmentType": "AdminAllCustomersTab_row";
};
export type AdminAllCustomersTab_row$key = {
  readonly " $data"?: AdminAllCustomersTab_row$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminAllCustomersTab_row">;
};

const node: ReaderFragment = (function(){
var v0 = [
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
  "name": "AdminAllCustomersTab_row",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "customerId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "databaseId",
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
      "name": "name",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "userName",
      "storageKey": null
    },
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
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "statusDisplay",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "refundIssued",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "originalPurchaseAmount",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "concreteType": "Money",
      "kind": "LinkedField",
      "name": "currentCredits",
      "plural": false,
      "selections": (v0/*:: as any*/),
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "progressPercentage",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "purchasedReferrals",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "totalReferrals",
      "storageKey": null
    }
  ],
  "type": "AdminCustomer",
  "abstractKey": null
};
})();

(node as any).hash = "a6143c308d1349c0d74f77cb8590a9e5";

export default node;
