/**
 * @generated SignedSource<<db5d1edf9323d10b10e12e63883e0d4b>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AccountPageStartMutation$variables = Record<PropertyKey, never>;
export type AccountPageStartMutation$data = {
  readonly startSecondFactorEnrolment: {
    readonly __typename: string;
    readonly data?: {
      readonly qrCodeDataUrl: string;
      readonly secret: string;
    };
    readonly message?: string;
  };
};
export type AccountPageStartMutation = {
  response: AccountPageStartMutation$data;
  variables: AccountPageStartMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "startSecondFactorEnrolment",
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
            "concreteType": "SecondFactorEnrolment",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "secret",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "qrCodeDataUrl",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationStartSecondFactorEnrolmentSuccess",
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
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "AccountPageStartMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AccountPageStartMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "18eeb8ba988c1790e70e023e2f7d06b1",
    "id": null,
    "metadata": {},
    "name": "AccountPageStartMutation",
    "operationKind": "mutation",
    "text": "mutation AccountPageStartMutation {\n  startSecondFactorEnrolment {\n    __typename\n    ... on MutationStartSecondFactorEnrolmentSuccess {\n      data {\n        secret\n        qrCodeDataUrl\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "1d29b00e51fec8a5d23768ed7cea0e2b";

export default node;
