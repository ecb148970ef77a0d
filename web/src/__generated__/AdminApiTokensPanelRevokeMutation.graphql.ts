/**
 * @generated SignedSource<<75d944d6a94eb0ed12a5072e0407d0fa>>
 * @relayHash f31200da84ca509222e82a65237f0b70
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ac1b078250b92ee92c7e3c31957c095645e0863ff552245cd78aaddd836a5761

import { ConcreteRequest } from 'relay-runtime';
export type RevokeApiTokenInput = {
  tokenId: number;
};
export type AdminApiTokensPanelRevokeMutation$variables = {
  input: RevokeApiTokenInput;
};
export type AdminApiTokensPanelRevokeMutation$data = {
  readonly revokeApiToken: {
    readonly __typename: string;
    readonly data?: {
      readonly token: {
        readonly id: string;
        readonly revokedAt: string | null | undefined;
      };
    };
    readonly message?: string;
  };
};
export type AdminApiTokensPanelRevokeMutation = {
  response: AdminApiTokensPanelRevokeMutation$data;
  variables: AdminApiTokensPanelRevokeMutation$variables;
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
    "name": "revokeApiToken",
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
            "concreteType": "RevokeApiTokenPayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
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
                    "name": "revokedAt",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationRevokeApiTokenSuccess",
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
    "name": "AdminApiTokensPanelRevokeMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminApiTokensPanelRevokeMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "ac1b078250b92ee92c7e3c31957c095645e0863ff552245cd78aaddd836a5761",
    "metadata": {},
    "name": "AdminApiTokensPanelRevokeMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "b711eff1e5f20886e4cb66fe7a9a0e9b";

export default node;
