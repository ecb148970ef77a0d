/**
 * @generated SignedSource<<b80d5284fe1218eac847b44553856346>>
 * @relayHash be73e30f7c2b8a4ebea61ab66e6d4137
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 8bc979fe9835982e57b0b8d36a8cea8a49020303d74cb029e4822d7c907ee459

import { ConcreteRequest } from 'relay-runtime';
export type RequestPasswordResetInput = {
  newPassword?: string | null | undefined;
  username: string;
};
export type ResetPasswordDialogMutation$variables = {
  input: RequestPasswordResetInput;
};
export type ResetPasswordDialogMutation$data = {
  readonly requestPasswordReset: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type ResetPasswordDialogMutation = {
  response: ResetPasswordDialogMutation$data;
  variables: ResetPasswordDialogMutation$variables;
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
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v2 = [
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
    "name": "requestPasswordReset",
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
            "concreteType": "MessagePayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": (v1/*:: as any*/),
            "storageKey": null
          }
        ],
        "type": "MutationRequestPasswordResetSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
        "type": "Error",
        "abstractKey": "__isError"
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
    "name": "ResetPasswordDialogMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ResetPasswordDialogMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "8bc979fe9835982e57b0b8d36a8cea8a49020303d74cb029e4822d7c907ee459",
    "metadata": {},
    "name": "ResetPasswordDialogMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "46cd45fda9f4502cf8b6281dfac0d6a0";

export default node;
