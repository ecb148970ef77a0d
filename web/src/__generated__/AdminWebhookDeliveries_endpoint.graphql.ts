/**
 * @generated SignedSource<<42d19bf3cc5356567934c39c7585b778>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type WebhookDeliveryStatus = "FAILED" | "PENDING" | "SUCCEEDED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminWebhookDeliveries_endpoint$data = {
  readonly deliveries: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly eventType: string;
        readonly id: string;
        readonly nextAttemptAt: string | null | undefined;
        readonly status: WebhookDeliveryStatus;
        readonly " $fragmentSpreads": FragmentRefs<"AdminWebhookDeliveries_delivery">;
      };
    }>;
  };
  readonly enabled: boolean;
  readonly id: string;
  readonly " $fragmentType": "AdminWebhookDeliveries_endpoint";
};
export type AdminWebhookDeliveries_endpoint$key = {
  readonly " $data"?: AdminWebhookDeliveries_endpoint$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminWebhookDeliveries_endpoint">;
};

import AdminWebhookDeliveriesPaginationQuery_graphql from './AdminWebhookDeliveriesPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "deliveries"
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
      "operation": AdminWebhookDeliveriesPaginationQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "AdminWebhookDeliveries_endpoint",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "enabled",
      "storageKey": null
    },
    {
      "alias": "deliveries",
      "args": null,
      "concreteType": "WebhookDeliveryConnection",
      "kind": "LinkedField",
      "name": "__AdminWebhookDeliveries_deliveries_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "WebhookDeliveryEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "WebhookDelivery",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
                (v1/*:: as any*/),
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "eventType",
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
                  "name": "nextAttemptAt",
                  "storageKey": null
                },
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminWebhookDeliveries_delivery"
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
  "type": "WebhookEndpoint",
  "abstractKey": null
};
})();

(node as any).hash = "b312290cbe11ae6997e5f389109193e3";

export default node;
