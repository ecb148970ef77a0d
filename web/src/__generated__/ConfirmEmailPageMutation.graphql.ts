/**
 * @generated SignedSource<<72fc011b4db6ff6079627e5312c1cac9>>
 * @relayHash 2a831a620ae606ae667785b5e6ecdfb5
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 7d7c69d33bebe915c059cf3307270aadba8650ac4bf36cc9a17bc1bb8f3d3ca1

import { ConcreteRequest } from 'relay-runtime';
export type ConfirmEmailInput = {
  token: string;
};
export type ConfirmEmailPageMutation$variables = {
  input: ConfirmEmailInput;
};
export type ConfirmEmailPageMutation$data = {
  readonly confirmEmail: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly message?: string;
  };
};
export type ConfirmEmailPageMutation = {
  response: ConfirmEmailPageMutation$data;
  variables: ConfirmEmailPageMutation$variables;
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
    "name": "confirmEmail",
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
        "type": "MutationConfirmEmailSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
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
    "name": "ConfirmEmailPageMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ConfirmEmailPageMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "7d7c69d33bebe915c059cf3307270aadba8650ac4bf36cc9a17bc1bb8f3d3ca1",
    "metadata": {},
    "name": "ConfirmEmailPageMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "4ac9d06b4f793fc935f7b0e98d6651e1";

export default node;
