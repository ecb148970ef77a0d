/**
 * @generated SignedSource<<1bbfd54adb1fc47c15c85a8fa75d26be>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
};
export type SecondFactorSectionConfirmMutation$variables = {
  input: SecondFactorCodeInput;
};
export type SecondFactorSectionConfirmMutation$data = {
  readonly confirmSecondFactorEnrolment: {
    readonly __typename: string;
    readonly data?: {
      readonly recoveryCodes: ReadonlyArray<string>;
    };
    readonly message?: string;
  };
};
export type SecondFactorSectionConfirmMutation = {
  response: SecondFactorSectionConfirmMutation$data;
  variables: SecondFactorSectionConfirmMutation$variables;
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
    "name": "confirmSecondFactorEnrolment",
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
            "concreteType": "SecondFactorRecoveryCodes",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "recoveryCodes",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationConfirmSecondFactorEnrolmentSuccess",
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
    "name": "SecondFactorSectionConfirmMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SecondFactorSectionConfirmMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "780ab7d6bb9c7b0f3356889e2f184d5a",
    "id": null,
    "metadata": {},
    "name": "SecondFactorSectionConfirmMutation",
    "operationKind": "mutation",
    "text": "mutation SecondFactorSectionConfirmMutation(\n  $input: SecondFactorCodeInput!\n) {\n  confirmSecondFactorEnrolment(input: $input) {\n    __typename\n    ... on MutationConfirmSecondFactorEnrolmentSuccess {\n      data {\n        recoveryCodes\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "aac061a4e4173d213c5e203228540b7f";

export default node;
