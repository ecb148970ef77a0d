/**
 * @generated SignedSource<<afadc9488f824da4448c3c1a2d11c505>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type ProgrammeSetting = "CREDIT_RATE" | "FLAGGED_VERIFICATION_APPROVAL" | "PAYOUT_APPROVAL_THRESHOLD" | "REFERRAL_DAILY_LIMIT" | "SIGNAL_AMOUNT_FACTOR" | "SIGNAL_BURST_PER_HOUR" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminSettingChangeRequests_query$data = {
  readonly settingChangeRequests: {
    readonly __id: string;
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly id: string;
        readonly setting: ProgrammeSetting;
        readonly toText: string;
        readonly " $fragmentSpreads": FragmentRefs<"AdminSettingChangeRequests_request">;
      };
    }>;
  };
  readonly " $fragmentType": "AdminSettingChangeRequests_query";
};
export type AdminSettingChangeRequests_query$key = {
  readonly " $data"?: AdminSettingChangeRequests_query$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminSettingChangeRequests_query">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": null,
        "cursor": null,
        "direction": "forward",
        "path": [
          "settingChangeRequests"
        ]
      }
    ]
  },
  "name": "AdminSettingChangeRequests_query",
  "selections": [
    {
      "alias": "settingChangeRequests",
      "args": [
        {
          "kind": "Literal",
          "name": "status",
          "value": "PENDING"
        }
      ],
      "concreteType": "QuerySettingChangeRequestsConnection",
      "kind": "LinkedField",
      "name": "__AdminSettingChangeRequests_settingChangeRequests_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "QuerySettingChangeRequestsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "SettingChangeRequest",
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
                  "name": "setting",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "toText",
                  "storageKey": null
                },
                {
                  "args": null,
                  "kind": "FragmentSpread",
                  "name": "AdminSettingChangeRequests_request"
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
      "storageKey": "__AdminSettingChangeRequests_settingChangeRequests_connection(status:\"PENDING\")"
    }
  ],
  "type": "Query",
  "abstractKey": null
};

(node as any).hash = "0f099f88b817482a93fd3100e4433e8e";

export default node;
