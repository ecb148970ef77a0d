/**
 * @generated SignedSource<<4177e98ac50a0d3c77db206f96d52ddf>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ActivityType = "ACCOUNT_UPDATED" | "MILESTONE_PAID" | "MILESTONE_REACHED" | "PAYMENT_REQUESTED" | "PURCHASE_CANCELLED" | "REFERRAL_ADDED" | "REFERRAL_ERASED" | "REFERRAL_EXPIRED" | "REFERRAL_EXPIRING" | "REFERRAL_PURCHASED" | "REFERRAL_UPDATED" | "REFERRAL_WITHDRAWN" | "REGISTRATION" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type ActivityHistory_customer$data = {
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
  readonly id: string;
  readonly " $fragmentType": "ActivityHistory_customer";
};
export type ActivityHistory_customer$key = {
  readonly " $data"?: ActivityHistory_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"ActivityHistory_customer">;
};

import ActivityHistoryPaginationQuery_graphql from './ActivityHistoryPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "activities"
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
};
return {
  "argumentDefinitions": [
    {
      "defaultValue": 10,
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
      "operation": ActivityHistoryPaginationQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "ActivityHistory_customer",
  "selections": [
    {
      "alias": "activities",
      "args": null,
      "concreteType": "CustomerActivitiesConnection",
      "kind": "LinkedField",
      "name": "__ActivityHistory_activities_connection",
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
                (v1/*:: as any*/),
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
    },
    (v1/*:: as any*/)
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "3f932541503b670c7ad9dbf8f1bd298a";

export default node;
