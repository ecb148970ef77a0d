/**
 * @generated SignedSource<<faa9c8ea0e37107c69ca31071966e75f>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerReferrals_customer$data = {
  readonly id: string;
  readonly referrals: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly createdAt: string;
        readonly creditEarned: {
          readonly pence: number;
        } | null | undefined;
        readonly databaseId: number;
        readonly email: string | null | undefined;
        readonly hold: {
          readonly heldAt: string;
        } | null | undefined;
        readonly id: string;
        readonly livePurchase: {
          readonly id: string;
          readonly " $fragmentSpreads": FragmentRefs<"AdminPurchasedReferralRow_purchase">;
        } | null | undefined;
        readonly name: string | null | undefined;
        readonly phoneDisplay: string | null | undefined;
        readonly purchaseAmount: {
          readonly pence: number;
        } | null | undefined;
        readonly signalCount: number;
        readonly status: ReferralStatus;
        readonly statusDisplay: string;
        readonly " $fragmentSpreads": FragmentRefs<"AdminVerifyPurchaseForm_referral" | "ReferralHoldControls_referral" | "ReferralSignalList_referral">;
      };
    }>;
  };
  readonly " $fragmentType": "AdminCustomerReferrals_customer";
};
export type AdminCustomerReferrals_customer$key = {
  readonly " $data"?: AdminCustomerReferrals_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerReferrals_customer">;
};

import AdminCustomerReferralsPaginationQuery_graphql from './AdminCustomerReferralsPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "referrals"
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "pence",
    "storageKey": null
  }
];
return {
  "argumentDefinitions": [
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "count"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "cursor"
    }
  ],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": "count",
        "cursor": "cursor",
        "direction": "forward",
        "path": (v0/*:: as any*/)
      }
    ],
    "refetch": {
      "connection": {
        "forward": {
          "count": "count",
          "cursor": "cursor"
        },
        "backward": null,
        "path": (v0/*:: as any*/)
      },
      "fragmentPathInResult": [
        "node"
      ],
      "operation": AdminCustomerReferralsPaginationQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "AdminCustomerReferrals_customer",
  "selections": [
    {
      "alias": "referrals",
      "args": null,
      "concreteType": "CustomerReferralsConnection",
      "kind": "LinkedField",
      "name": "__AdminCustomerReferrals_referrals_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "CustomerReferralsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "Referral",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
                (v1/*:: as any*/),
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
                  "alias": null,
                  "args": null,
                  "concreteType": "ReferralHold",
                  "kind": "LinkedField",
                  "name": "hold",
                  "plural": false,
                  "selections": [
                    {
                      "alias": null,
                      "args": null,
                      "kind": "ScalarField",
                      "name": "heldAt",
                      "storageKey": null
                    }
                  ],
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "Money",
                  "kind": "LinkedField",
                  "name": "purchaseAmount",
                  "plural": false,
                  "selections": (v2/*:: as any*/),
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "Money",
                  "kind": "LinkedField",
                  "name": "creditEarned",
                  "plural": false,
                  "selections": (v2/*:: as any*/),
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "ReferralPurchase",
                  "kind": "LinkedField",
                  "name": "livePurchase",
                  "plural": false,
                  "selections": [
                    (v1/*:: as any*/),
                    {
                      "args": null,
                      "kind": "FragmentSpread",
                      "name": "AdminPurchasedReferralRow_purchase"
                    }
                  ],
                  "storageKey": null
                },
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminVerifyPurchaseForm_referral"
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
                  "kind": "ScalarField",
                  "name": "__typename",
                  "storageKey": null
                }
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "cursor",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "PageInfo",
          "kind": "LinkedField",
          "name": "pageInfo",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "endCursor",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "hasNextPage",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    (v1/*:: as any*/)
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "1638afca82377e0a3d5aa4d902232224";

export default node;
