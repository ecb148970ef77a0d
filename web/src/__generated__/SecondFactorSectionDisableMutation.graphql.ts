/**
 * @generated SignedSource<<a9c55351b42a42046f425a8d8e0288f2>>
 * @relayHash 2b3814a7f0983e66b0ec677537eb1eaa
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 93e16585e3480798dab7f446a6f12bfde7e5f4d66edf9de78284387cea9fe348

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
    "id": "93e16585e3480798dab7f446a6f12bfde7e5f4d66edf9de78284387cea9fe348",
    "metadata": {},
    "name": "SecondFactorSectionDisableMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "226992222bb3b14857449211785c9466";

export default node;
