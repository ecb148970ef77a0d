/**
 * @generated SignedSource<<48e5357894d4c2dbce10ac98aadfd5b1>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type MilestoneKey = "M100" | "M33" | "M66" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminMilestonePaymentsTab_query$data = {
  readonly pendingMilestonePayments: {
    readonly __id: string;
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly availableMilestones: ReadonlyArray<{
          readonly description: string;
          readonly key: MilestoneKey;
        }>;
        readonly customer: {
          readonly id: string;
          readonly " $fragmentSpreads": FragmentRefs<"AdminMilestoneCustomerCard_customer">;
        };
        readonly customerName: string;
        readonly email: string;
      };
    }>;
  };
  readonly " $fragmentType": "AdminMilestonePaymentsTab_query";
};
export type AdminMilestonePaymentsTab_query$key = {
  readonly " $data"?: AdminMilestonePaymentsTab_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminMilestonePaymentsTab_query">;
};

import AdminMilestonePaymentsTabPaginationQuery_graphql from './AdminMilestonePaymentsTabPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "pendingMilestonePayments"
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
      "name": "requested"
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
      "operation": AdminMilestonePaymentsTabPaginationQuery_graphql
    }
  },
  "name": "AdminMilestonePaymentsTab_query",
  "selections": [
    {
      "alias": "pendingMilestonePayments",
      "args": [
        {
          "kind": "Variable",
          "name": "requested",
          "variableName": "requested"
        },
        {
          "kind": "Variable",
          "name": "search",
          "variableName": "search"
        }
      ],
      "concreteType": "QueryPendingMilestonePaymentsConnection",
      "kind": "LinkedField",
      "name": "__AdminMilestonePayments_pendingMilestonePayments_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "QueryPendingMilestonePaymentsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "PendingMilestoneCustomer",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
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
                  "name": "email",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "AvailableMilestone",
                  "kind": "LinkedField",
                  "name": "availableMilestones",
                  "plural": true,
                  "selections": [
                    {
                      "alias": null,
                      "args": null,
                      "kind": "ScalarField",
                      "name": "key",
                      "storageKey": null
                    },
                    {
                      "alias": null,
                      "args": null,
                      "kind": "ScalarField",
                      "name": "description",
                      "storageKey": null
                    }
                  ],
                  "storageKey": null
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
                      "kind": "ScalarField",
                      "name": "id",
                      "storageKey": null
                    },
                    {
                      "args": null,
                      "kind": "FragmentSpread",
                      "name": "AdminMilestoneCustomerCard_customer"
                    }
                  ],
                  "storageKey": null
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

(node as any).hash = "8c41d5fdaead396e02997be1629c289d";

export default node;
