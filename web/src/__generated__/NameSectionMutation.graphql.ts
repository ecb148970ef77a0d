/**
 * @generated SignedSource<<153b5cc0170333d79e34d16195eb6760>>
 * @relayHash aaf456fac4757ce92bf5a23c77a63308
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f96db4d977156af691d0ba07745fe58b9fa62c0a7c9a6feff27bf662f6653590

import { ConcreteRequest } from 'relay-runtime';
export type UpdateNameInput = {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
};
export type NameSectionMutation$variables = {
  input: UpdateNameInput;
};
export type NameSectionMutation$data = {
  readonly updateName: {
    readonly __typename: string;
    readonly data?: {
      readonly firstName: string | null | undefined;
      readonly id: string;
      readonly lastName: string | null | undefined;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type NameSectionMutation = {
  response: NameSectionMutation$data;
  variables: NameSectionMutation$variables;
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
    "name": "updateName",
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
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "firstName",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "lastName",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationUpdateNameSuccess",
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
    "name": "NameSectionMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "NameSectionMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "f96db4d977156af691d0ba07745fe58b9fa62c0a7c9a6feff27bf662f6653590",
    "metadata": {},
    "name": "NameSectionMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "031e6d2293ec3ddeb7f092268e53b484";

export default node;
