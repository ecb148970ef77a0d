/**
 * @generated SignedSource<<8356a56c964a64e63f049d72e3818ecf>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
};
export type AccountPageConfirmMutation$variables = {
  input: SecondFactorCodeInput;
};
export type AccountPageConfirmMutation$data = {
  readonly confirmSecondFactorEnrolment: {
    readonly __typename: string;
    readonly data?: {
      readonly recoveryCodes: ReadonlyArray<string>;
    };
    readonly message?: string;
  };
};
export type AccountPageConfirmMutation = {
  response: AccountPageConfirmMutation$data;
  variables: AccountPageConfirmMutation$variables;
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
    "name": "AccountPageConfirmMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AccountPageConfirmMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "7ed547e07bc2d19be53aaafa280dedd0",
    "id": null,
    "metadata": {},
    "name": "AccountPageConfirmMutation",
    "operationKind": "mutation",
    "text": "mutation AccountPageConfirmMutation(\n  $input: SecondFactorCodeInput!\n) {\n  confirmSecondFactorEnrolment(input: $input) {\n    __typename\n    ... on MutationConfirmSecondFactorEnrolmentSuccess {\n      data {\n        recoveryCodes\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "b7bc900d898fba09a7d1320ad83f2329";

export default node;
