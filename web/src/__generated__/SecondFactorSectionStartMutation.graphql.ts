/**
 * @generated SignedSource<<4faeaa0dcd50a165673eff57cb87a4cc>>
 * @relayHash cc857897c86e6ed5334ef194c1595518
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 5045970a7c5aaca1a5b3dd94da3a39d8b81b51166955a29557645a3d15216a57

import { ConcreteRequest } from 'relay-runtime';
export type StartSecondFactorEnrolmentInput = {
  currentPassword: string;
  restart?: boolean | null | undefined;
};
export type SecondFactorSectionStartMutation$variables = {
  input: StartSecondFactorEnrolmentInput;
};
export type SecondFactorSectionStartMutation$data = {
  readonly startSecondFactorEnrolment: {
    readonly __typename: string;
    readonly data?: {
      readonly qrCodeDataUrl: string;
      readonly secret: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type SecondFactorSectionStartMutation = {
  response: SecondFactorSectionStartMutation$data;
  variables: SecondFactorSectionStartMutation$variables;
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
    "name": "SecondFactorSectionStartMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "SecondFactorSectionStartMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "5045970a7c5aaca1a5b3dd94da3a39d8b81b51166955a29557645a3d15216a57",
    "metadata": {},
    "name": "SecondFactorSectionStartMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "720aa0594f83e429a2d98cf88132046b";

export default node;
