/**
 * @generated SignedSource<<bc01efa47f53c95e4367f67b55012981>>
 * @relayHash 16cc5707738ddf286ae24fe9f9b03f4a
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 72ab8c62af0b38a8cd7c79b729497ba0acec2c62f027b30b8adb034988bd121b

import { ConcreteRequest } from 'relay-runtime';
export type DeleteWebhookEndpointInput = {
  endpointId: number;
};
export type AdminWebhookEndpointRowDeleteMutation$variables = {
  input: DeleteWebhookEndpointInput;
};
export type AdminWebhookEndpointRowDeleteMutation$data = {
  readonly deleteWebhookEndpoint: {
    readonly __typename: string;
    readonly data?: {
      readonly endpointId: number;
    };
    readonly message?: string;
  };
};
export type AdminWebhookEndpointRowDeleteMutation = {
  response: AdminWebhookEndpointRowDeleteMutation$data;
  variables: AdminWebhookEndpointRowDeleteMutation$variables;
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
    "name": "deleteWebhookEndpoint",
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
            "concreteType": "DeleteWebhookEndpointPayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "endpointId",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationDeleteWebhookEndpointSuccess",
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
    "name": "AdminWebhookEndpointRowDeleteMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminWebhookEndpointRowDeleteMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "72ab8c62af0b38a8cd7c79b729497ba0acec2c62f027b30b8adb034988bd121b",
    "metadata": {},
    "name": "AdminWebhookEndpointRowDeleteMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "48952404ea0db1506f54d438c74e24c4";

export default node;
