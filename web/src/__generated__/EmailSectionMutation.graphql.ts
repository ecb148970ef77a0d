/**
 * @generated SignedSource<<68fb43cf018d98177f101c400e82a250>>
 * @relayHash a2639042639e860341e4509627f44699
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d4fb720dce09f2eabda39f0f9b8dc11ee5effce868300ce3a6f9fe202581dd9d

import { ConcreteRequest } from 'relay-runtime';
export type RequestEmailChangeInput = {
  currentPassword: string;
  newEmail: string;
};
export type EmailSectionMutation$variables = {
  input: RequestEmailChangeInput;
};
export type EmailSectionMutation$data = {
  readonly requestEmailChange: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type EmailSectionMutation = {
  response: EmailSectionMutation$data;
  variables: EmailSectionMutation$variables;
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
    "name": "requestEmailChange",
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
        "type": "MutationRequestEmailChangeSuccess",
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
    "name": "EmailSectionMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "EmailSectionMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "d4fb720dce09f2eabda39f0f9b8dc11ee5effce868300ce3a6f9fe202581dd9d",
    "metadata": {},
    "name": "EmailSectionMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "220dee8a7743f4c2917f31d28a5bb4f0";

export default node;
