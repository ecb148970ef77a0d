/**
 * @generated SignedSource<<6c4bc46dd99644227b6d219797e91d85>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type AdminVerificationRequests_query$data = {
  readonly pendingPurchaseVerificationRequests: {
    readonly __id: string;
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly id: string;
        readonly referral: {
          readonly id: string;
        };
        readonly " $fragmentSpreads": FragmentRefs<"AdminVerificationRequests_request">;
      };
    }>;
  };
  readonly " $fragmentType": "AdminVerificationRequests_query";
};
export type AdminVerificationRequests_query$key = {
  readonly " $data"?: AdminVerificationRequests_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminVerificationRequests_query">;
};

const node: ReaderFragment = (function(){
var v0 = {
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
    }
  ],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": "count",
        "cursor": null,
        "direction": "forward",
        "path": [
          "pendingPurchaseVerificationRequests"
        ]
      }
    ]
  },
  "name": "AdminVerificationRequests_query",
  "selections": [
    {
      "alias": "pendingPurchaseVerificationRequests",
      "args": null,
      "concreteType": "QueryPendingPurchaseVerificationRequestsConnection",
      "kind": "LinkedField",
      "name": "__AdminVerificationRequests_pendingPurchaseVerificationRequests_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "QueryPendingPurchaseVerificationRequestsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "PurchaseVerificationRequest",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
                (v0/*:: as any*/),
                {
                  "alias": null,
                  "args": null,
                  "concreteType": "Referral",
                  "kind": "LinkedField",
                  "name": "referral",
                  "plural": false,
                  "selections": [
                    (v0/*:: as any*/)
                  ],
                  "storageKey": null
                },
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminVerificationRequests_request"
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

(node as any).hash = "78fb645fa947ef25f34c7e84641e8417";

export default node;
