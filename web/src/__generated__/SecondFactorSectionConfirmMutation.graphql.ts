/**
 * @generated SignedSource<<31b35f8f58cc5624ec588033d437bc75>>
 * @relayHash a22c857d9c6980fc7a65f4da14c4731f
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ed3764707b274ad60191f2e264f6d1b8a08fe992044a9d7f7cd4c3a90ab97b4d

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
  currentPassword: string;
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
    readonly field?: string | null | undefined;
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
    "id": "ed3764707b274ad60191f2e264f6d1b8a08fe992044a9d7f7cd4c3a90ab97b4d",
    "metadata": {},
    "name": "SecondFactorSectionConfirmMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "100b9be4b0e224dee46e541c2864a7d8";

export default node;
