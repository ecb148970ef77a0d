/**
 * @generated SignedSource<<3cc2be6e51c47d480d3e2aa49e28cc21>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminPendingReferralsTab_query$data = {
  readonly pendingReferrals: {
    readonly __id: string;
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly hold: {
          readonly heldAt: string;
        } | null | undefined;
        readonly id: string;
        readonly " $fragmentSpreads": FragmentRefs<"AdminPendingReferralRow_referral" | "AdminVerifyPurchaseForm_referral">;
      };
    }>;
    readonly totalCount: number;
  };
  readonly " $fragmentType": "AdminPendingReferralsTab_query";
};
export type AdminPendingReferralsTab_query$key = {
  readonly " $data"?: AdminPendingReferralsTab_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminPendingReferralsTab_query">;
};

import AdminPendingReferralsTabPaginationQuery_graphql from './AdminPendingReferralsTabPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "pendingReferrals"
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
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "search"
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
      "fragmentPathInResult": [],
      "operation": AdminPendingReferralsTabPaginationQuery_graphql
    }
  },
  "name": "AdminPendingReferralsTab_query",
  "selections": [
    {
      "alias": "pendingReferrals",
      "args": [
        {
          "kind": "Variable",
          "name": "search",
          "variableName": "search"
        }
      ],
      "concreteType": "QueryPendingReferralsConnection",
      "kind": "LinkedField",
      "name": "__AdminPendingReferrals_pendingReferrals_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "kind": "ScalarField",
          "name": "totalCount",
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "QueryPendingReferralsConnectionEdge",
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
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminPendingReferralRow_referral"
                },
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminVerifyPurchaseForm_referral"
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
        },
        {
          "kind": "ClientExtension",
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "__id",
              "storageKey": null
            }
          ]
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Query",
  "abstractKey": null
};
})();

(node as any).hash = "b36478c0336ec6489ed3b9f5d965f111";

export default node;
