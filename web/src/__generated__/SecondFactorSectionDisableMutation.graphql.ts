/**
 * @generated SignedSource<<441eca8d14b08ad5e9e3488651f86a71>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
};
export type SecondFactorSectionDisableMutation$variables = {
  input: SecondFactorCodeInput;
};
export type SecondFactorSectionDisableMutation$data = {
  readonly disableSecondFactor: {
    readonly __typename: string;
    readonly message?: string;
  };
};
export type SecondFactorSectionDisableMutation = {
  response: SecondFactorSectionDisableMutation$data;
  variables: SecondFactorSectionDisableMutation$variables;
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
    "name": "SecondFactorSectionDisableMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SecondFactorSectionDisableMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "2b3814a7f0983e66b0ec677537eb1eaa",
    "id": null,
    "metadata": {},
    "name": "SecondFactorSectionDisableMutation",
    "operationKind": "mutation",
    "text": "mutation SecondFactorSectionDisableMutation(\n  $input: SecondFactorCodeInput!\n) {\n  disableSecondFactor(input: $input) {\n    __typename\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "226992222bb3b14857449211785c9466";

export default node;
