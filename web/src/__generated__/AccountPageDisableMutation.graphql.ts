/**
 * @generated SignedSource<<7fce13b57675e52b025924d6339da327>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
};
export type AccountPageDisableMutation$variables = {
  input: SecondFactorCodeInput;
};
export type AccountPageDisableMutation$data = {
  readonly disableSecondFactor: {
    readonly __typename: string;
    readonly message?: string;
  };
};
export type AccountPageDisableMutation = {
  response: AccountPageDisableMutation$data;
  variables: AccountPageDisableMutation$variables;
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
    "name": "disableSecondFactor",
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
    "name": "AccountPageDisableMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AccountPageDisableMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "880e092b230639501848fe59f040a572",
    "id": null,
    "metadata": {},
    "name": "AccountPageDisableMutation",
    "operationKind": "mutation",
    "text": "mutation AccountPageDisableMutation(\n  $input: SecondFactorCodeInput!\n) {\n  disableSecondFactor(input: $input) {\n    __typename\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "f0e8e15cbed85a6430865c111a9c7b7c";

export default node;
