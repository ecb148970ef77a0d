/**
 * @generated SignedSource<<1bdf34f961efbc45b5db21b01126a127>>
 * @relayHash 780ab7d6bb9c7b0f3356889e2f184d5a
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 023a3f79246823f6f81762bb9ce16e10f096b4d965aed8e31e3ce87f9b751314

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
    "id": "023a3f79246823f6f81762bb9ce16e10f096b4d965aed8e31e3ce87f9b751314",
    "metadata": {},
    "name": "SecondFactorSectionConfirmMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "aac061a4e4173d213c5e203228540b7f";

export default node;
