/**
 * @generated SignedSource<<b64dad25c95bd85c32342c0e3c648cb2>>
 * @relayHash f63b2dab166b87ae19d713cac15ee493
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 4a03ddac46f22b424cc8bbfba9b2c06a7d604c408f16d14057c674552f145528

import { ConcreteRequest } from 'relay-runtime';
export type ApiTokenScope = "ADMIN" | "PURCHASES_WRITE" | "READ" | "%future added value";
export type CreateApiTokenInput = {
  expiresAt?: string | null | undefined;
  name: string;
  scopes: ReadonlyArray<ApiTokenScope>;
};
export type AdminApiTokensPanelCreateMutation$variables = {
  input: CreateApiTokenInput;
};
export type AdminApiTokensPanelCreateMutation$data = {
  readonly createApiToken: {
    readonly __typename: string;
    readonly data?: {
      readonly secret: string;
      readonly token: {
        readonly id: string;
        readonly name: string;
      };
    };
    readonly message?: string;
  };
};
export type AdminApiTokensPanelCreateMutation = {
  response: AdminApiTokensPanelCreateMutation$data;
  variables: AdminApiTokensPanelCreateMutation$variables;
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
    "name": "createApiToken",
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
            "concreteType": "CreateApiTokenPayload",
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
                "concreteType": "ApiToken",
                "kind": "LinkedField",
                "name": "token",
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
                    "name": "name",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationCreateApiTokenSuccess",
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
    "name": "AdminApiTokensPanelCreateMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminApiTokensPanelCreateMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "4a03ddac46f22b424cc8bbfba9b2c06a7d604c408f16d14057c674552f145528",
    "metadata": {},
    "name": "AdminApiTokensPanelCreateMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "5a43b20f168bfd19d386ead4bf3e5aff";

export default node;
