/**
 * @generated SignedSource<<90318c2de1bcac8e1a092e7f0e73c466>>
 * @relayHash 4b067940181e5e3d37b40b01fb52fc62
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 0b106345f3399c90dcc396e09247745c7e17d9febc9339cd8bfd024c82f0671d

import { ConcreteRequest } from 'relay-runtime';
export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
};
export type PasswordSectionMutation$variables = {
  input: ChangePasswordInput;
};
export type PasswordSectionMutation$data = {
  readonly changePassword: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type PasswordSectionMutation = {
  response: PasswordSectionMutation$data;
  variables: PasswordSectionMutation$variables;
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
    "name": "changePassword",
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
            "concreteType": "User",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "id",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationChangePasswordSuccess",
        "abstractKey": null
      },
      {
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
    "name": "PasswordSectionMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "PasswordSectionMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "0b106345f3399c90dcc396e09247745c7e17d9febc9339cd8bfd024c82f0671d",
    "metadata": {},
    "name": "PasswordSectionMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "28e0adbf9482cc4f45c2552ff65cd83b";

export default node;
