/**
 * @generated SignedSource<<7d0fe687b66a315b63450169c78e0044>>
 * @relayHash d9705604024185748c29f41095895077
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 8972c3bcc93d07e352a3c9f724e999c18fdc6b2b40c681f3430e7214084e2767

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorSectionStartMutation$variables = Record<PropertyKey, never>;
export type SecondFactorSectionStartMutation$data = {
  readonly startSecondFactorEnrolment: {
    readonly __typename: string;
    readonly data?: {
      readonly qrCodeDataUrl: string;
      readonly secret: string;
    };
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
    "name": "SecondFactorSectionStartMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "SecondFactorSectionStartMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "8972c3bcc93d07e352a3c9f724e999c18fdc6b2b40c681f3430e7214084e2767",
    "metadata": {},
    "name": "SecondFactorSectionStartMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "1e3d53622a758106efb5c742c058d786";

export default node;
