/**
 * @generated SignedSource<<a312f3da37b2940f780c8e3b125ad415>>
 * @relayHash c37f1f1854a6fed49fa22cf979169275
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID af05783cf852193e93401cf55686d9244286833133eddeb98146d7b902a97573

import { ConcreteRequest } from 'relay-runtime';
export type SecondFactorCodeInput = {
  code: string;
  currentPassword: string;
};
export type SecondFactorSectionDisableMutation$variables = {
  input: SecondFactorCodeInput;
};
export type SecondFactorSectionDisableMutation$data = {
  readonly disableSecondFactor: {
    readonly __typename: string;
    readonly field?: string | null | undefined;
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
    "id": "af05783cf852193e93401cf55686d9244286833133eddeb98146d7b902a97573",
    "metadata": {},
    "name": "SecondFactorSectionDisableMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "be3d16d47acf0b7b8bd36bdb1cdc47b3";

export default node;
