/**
 * @generated SignedSource<<aa2bcb25ca21718dc13bfaa3a7316086>>
 * @relayHash ac842eeb63a289a70745fa69639807b2
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 32464db3df9e9f9f4721f58347aa9fb2f0d2649b0a7d71fa2fa6f42fd535b5db

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type WebhookEventType = "CUSTOMER_APPROVED" | "CUSTOMER_REGISTERED" | "CUSTOMER_REJECTED" | "EMAIL_FAILED" | "MILESTONE_PAID" | "MILESTONE_READY" | "MILESTONE_REQUESTED" | "PURCHASE_CANCELLED" | "PURCHASE_VERIFIED" | "REFERRAL_ADDED" | "REFERRAL_EXPIRED" | "%future added value";
export type CreateWebhookEndpointInput = {
  description?: string | null | undefined;
  events: ReadonlyArray<WebhookEventType>;
  url: string;
};
export type AdminWebhooksPanelCreateMutation$variables = {
  input: CreateWebhookEndpointInput;
};
export type AdminWebhooksPanelCreateMutation$data = {
  readonly createWebhookEndpoint: {
    readonly __typename: string;
    readonly data?: {
      readonly endpoint: {
        readonly id: string;
        readonly " $fragmentSpreads": FragmentRefs<"AdminWebhookEndpointRow_endpoint">;
      };
      readonly secret: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type AdminWebhooksPanelCreateMutation = {
  response: AdminWebhooksPanelCreateMutation$data;
  variables: AdminWebhooksPanelCreateMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "input",
    "variableName": "input"
  }
],
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "__typename",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "secret",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v5 = {
  "kind": "InlineFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "message",
      "storageKey": null
    }
  ],
  "type": "Error",
  "abstractKey": "__isError"
},
v6 = {
  "kind": "InlineFragment",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "field",
      "storageKey": null
    }
  ],
  "type": "ValidationError",
  "abstractKey": null
};
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminWebhooksPanelCreateMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createWebhookEndpoint",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "WebhookEndpointSecretPayload",
                "kind": "LinkedField",
                "name": "data",
                "plural": false,
                "selections": [
                  (v3/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "WebhookEndpoint",
                    "kind": "LinkedField",
                    "name": "endpoint",
                    "plural": false,
                    "selections": [
                      (v4/*:: as any*/),
                      {
                        "args": null,
                        "kind": "FragmentSpread",
                        "name": "AdminWebhookEndpointRow_endpoint"
                      }
                    ],
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "type": "MutationCreateWebhookEndpointSuccess",
            "abstractKey": null
          },
          (v5/*:: as any*/),
          (v6/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminWebhooksPanelCreateMutation",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "createWebhookEndpoint",
        "plural": false,
        "selections": [
          (v2/*:: as any*/),
          {
            "kind": "InlineFragment",
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "WebhookEndpointSecretPayload",
                "kind": "LinkedField",
                "name": "data",
                "plural": false,
                "selections": [
                  (v3/*:: as any*/),
                  {
                    "alias": null,
                    "args": null,
                    "concreteType": "WebhookEndpoint",
                    "kind": "LinkedField",
                    "name": "endpoint",
                    "plural": false,
                    "selections": [
                      (v4/*:: as any*/),
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
                        "name": "url",
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
                        "name": "events",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "enabled",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "disabledReason",
                        "storageKey": null
                      },
                      {
                        "alias": null,
                        "args": null,
                        "kind": "ScalarField",
                        "name": "disabledAt",
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
                        "name": "secretRotatedAt",
                        "storageKey": null
                      }
                    ],
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "type": "MutationCreateWebhookEndpointSuccess",
            "abstractKey": null
          },
          (v5/*:: as any*/),
          (v6/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "32464db3df9e9f9f4721f58347aa9fb2f0d2649b0a7d71fa2fa6f42fd535b5db",
    "metadata": {},
    "name": "AdminWebhooksPanelCreateMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "9986761a95adb50bf5160ab22e9f623f";

export default node;
