/**
 * @generated SignedSource<<aab57c828b4e7c1a218443469513a2ee>>
 * @relayHash 5fa097ee2eff5f283da272c1d189f798
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 34b39fdfcf5bf8d7f0b7d3faddf035b2236f776ba47fb57c79b52e8faeea78b1

import { ConcreteRequest } from 'relay-runtime';
export type CompletePasswordResetInput = {
  newPassword: string;
  token: string;
};
export type ResetPasswordPageMutation$variables = {
  input: CompletePasswordResetInput;
};
export type ResetPasswordPageMutation$data = {
  readonly completePasswordReset: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type ResetPasswordPageMutation = {
  response: ResetPasswordPageMutation$data;
  variables: ResetPasswordPageMutation$variables;
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
    "name": "completePasswordReset",
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
        "type": "MutationCompletePasswordResetSuccess",
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
    "name": "ResetPasswordPageMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ResetPasswordPageMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "34b39fdfcf5bf8d7f0b7d3faddf035b2236f776ba47fb57c79b52e8faeea78b1",
    "metadata": {},
    "name": "ResetPasswordPageMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "2f43acbba1c39269b23b10ed5917886b";

export default node;
