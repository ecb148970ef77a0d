/**
 * @generated SignedSource<<9fb1e8d8b7f70150550d72993a1cbfba>>
 * @relayHash a7d1417f24b0e92c13e9ad59044d0cb4
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 2c6336556813ca26749e635e75f6163766186165b70647d60063c8e3dfb0dda5

import { ConcreteRequest } from 'relay-runtime';
export type RotateWebhookSecretInput = {
  endpointId: number;
};
export type AdminWebhookEndpointRowRotateMutation$variables = {
  input: RotateWebhookSecretInput;
};
export type AdminWebhookEndpointRowRotateMutation$data = {
  readonly rotateWebhookSecret: {
    readonly __typename: string;
    readonly data?: {
      readonly endpoint: {
        readonly id: string;
        readonly secretRotatedAt: string | null | undefined;
      };
      readonly secret: string;
    };
    readonly message?: string;
  };
};
export type AdminWebhookEndpointRowRotateMutation = {
  response: AdminWebhookEndpointRowRotateMutation$data;
  variables: AdminWebhookEndpointRowRotateMutation$variables;
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
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "rotateWebhookSecret",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
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
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "secret",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "WebhookEndpoint",
                "kind": "LinkedField",
                "name": "endpoint",
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
        "type": "MutationRotateWebhookSecretSuccess",
        "abstractKey": null
      },
      {
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
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminWebhookEndpointRowRotateMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminWebhookEndpointRowRotateMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "2c6336556813ca26749e635e75f6163766186165b70647d60063c8e3dfb0dda5",
    "metadata": {},
    "name": "AdminWebhookEndpointRowRotateMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "2cfd088139888baf4612e3c36b7505d1";

export default node;
