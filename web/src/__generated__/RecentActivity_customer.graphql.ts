/**
 * @generated SignedSource<<bfa3dd5063a74fc2e6e88cb6847cf7be>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ActivityType = "ACCOUNT_UPDATED" | "MILESTONE_PAID" | "MILESTONE_REACHED" | "PAYMENT_REQUESTED" | "PURCHASE_CANCELLED" | "REFERRAL_ADDED" | "REFERRAL_ERASED" | "REFERRAL_EXPIRED" | "REFERRAL_EXPIRING" | "REFERRAL_PURCHASED" | "REFERRAL_UPDATED" | "REFERRAL_WITHDRAWN" | "REGISTRATION" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type RecentActivity_customer$data = {
  readonly activities: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly amount: {
          readonly pence: number;
        } | null | undefined;
        readonly createdAt: string;
        readonly description: string;
        readonly id: string;
        readonly type: ActivityType;
      };
    }>;
  };
  readonly " $fragmentType": "RecentActivity_customer";
};
export type RecentActivity_customer$key = {
  readonly " $data"?: RecentActivity_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"RecentActivity_customer">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [
    {
      "kind": "RootArgument",
      "name": "activityCount"
    }
  ],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": "activityCount",
        "cursor": null,
        "direction": "forward",
        "path": [
          "activities"
        ]
      }
    ]
  },
  "name": "RecentActivity_customer",
  "selections": [
    {
      "alias": "activities",
      "args": null,
      "concreteType": "CustomerActivitiesConnection",
      "kind": "LinkedField",
      "name": "__RecentActivity_activities_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "CustomerActivitiesConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "Activity",
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
                  "kind": "ScalarField",
                  "name": "type",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "description",
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
                  "concreteType": "Money",
                  "kind": "LinkedField",
                  "name": "amount",
                  "plural": false,
                  "selections": [
                    {
                      "alias": null,
                      "args": null,
                      "kind": "ScalarField",
                      "name": "pence",
                      "storageKey": null
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
        }
      ],
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};

(node as any).hash = "fef8afbaa77e71e2a63ee69525343673";

export default node;
