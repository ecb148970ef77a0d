/**
 * @generated SignedSource<<28c1b1b727ab068b01217acf1bd7e5d0>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

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
    "cacheID": "a2639042639e860341e4509627f44699",
    "id": null,
    "metadata": {},
    "name": "EmailSectionMutation",
    "operationKind": "mutation",
    "text": "mutation EmailSectionMutation(\n  $input: RequestEmailChangeInput!\n) {\n  requestEmailChange(input: $input) {\n    __typename\n    ... on MutationRequestEmailChangeSuccess {\n      data {\n        message\n      }\n    }\n    ... on ValidationError {\n      field\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "220dee8a7743f4c2917f31d28a5bb4f0";

export default node;
