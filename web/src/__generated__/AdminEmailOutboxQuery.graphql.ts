/**
 * @generated SignedSource<<cece4e77c6f5fefd1034c54c5de753cc>>
 * @relayHash f9b795907f4214507ab3b06179dc1812
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 952b79dac0a5ae78429872c74c2eaf601c7003f083928300426e5996e4a5489c

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type EmailStatus = "FAILED" | "PENDING" | "SENT" | "%future added value";
export type EmailType = "ACCOUNT_REJECTION" | "ACCOUNT_VERIFICATION" | "CREDITS_EARNED" | "EMAIL_CHANGE_CONFIRMATION" | "EMAIL_CHANGE_NOTICE" | "EMAIL_CONFIRMATION" | "MILESTONE_ACHIEVEMENT" | "MILESTONE_PAID" | "NEW_REFERRAL_ALERT" | "PASSWORD_CHANGED" | "PASSWORD_RESET" | "PURCHASE_CANCELLED" | "REFERRAL_EXPIRED" | "REFERRAL_EXPIRY_WARNING" | "REGISTRATION_CONFIRMATION" | "SECOND_FACTOR_CHANGED" | "SHARE_LINK_FRIEND_CONFIRMATION" | "STAFF_INVITATION" | "%future added value";
export type AdminEmailOutboxQuery$variables = {
  count: number;
  status?: EmailStatus | null | undefined;
  type?: EmailType | null | undefined;
};
export type AdminEmailOutboxQuery$data = {
  readonly " $fragmentSpreads": FragmentRefs<"AdminEmailOutbox_query">;
};
export type AdminEmailOutboxQuery = {
  response: AdminEmailOutboxQuery$data;
  variables: AdminEmailOutboxQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "count"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "status"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "type"
  }
],
v1 = {
  "kind": "Variable",
  "name": "status",
  "variableName": "status"
},
v2 = {
  "kind": "Variable",
  "name": "type",
  "variableName": "type"
},
v3 = [
  {
    "kind": "Variable",
    "name": "first",
    "variableName": "count"
  },
  (v1/*:: as any*/),
  (v2/*:: as any*/)
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminEmailOutboxQuery",
    "selections": [
      {
        "args": [
          {
            "kind": "Variable",
            "name": "count",
            "variableName": "count"
          },
          (v1/*:: as any*/),
          (v2/*:: as any*/)
        ],
        "kind": "FragmentSpread",
        "name": "AdminEmailOutbox_query"
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminEmailOutboxQuery",
    "selections": [
      {
        "alias": null,
        "args": (v3/*:: as any*/),
        "concreteType": "QueryEmailOutboxConnection",
        "kind": "LinkedField",
        "name": "emailOutbox",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "QueryEmailOutboxConnectionEdge",
            "kind": "LinkedField",
            "name": "edges",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "OutboxEmail",
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
                    "name": "toAddress",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "subject",
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
                    "name": "attempts",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "lastError",
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
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "sentAt",
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
      {
        "alias": null,
        "args": (v3/*:: as any*/),
        "filters": [
          "status",
          "type"
        ],
        "handle": "connection",
        "key": "AdminEmailOutbox_emailOutbox",
        "kind": "LinkedHandle",
        "name": "emailOutbox"
      }
    ]
  },
  "params": {
    "id": "952b79dac0a5ae78429872c74c2eaf601c7003f083928300426e5996e4a5489c",
    "metadata": {},
    "name": "AdminEmailOutboxQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "2dfc0bdc16bfb45b6b81f825b62823bc";

export default node;
