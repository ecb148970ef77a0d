/**
 * @generated SignedSource<<41ed25d22ea0c278c0e38cebe3d075e6>>
 * @relayHash 32283a3f7c1168d4f1ef757491a6bbb3
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 9bd893ecc3ab6824d157ae204cc649491d432c6dfd78380869b2bd532041a2cb

import { ConcreteRequest } from 'relay-runtime';
export type SignOutButtonMutation$variables = Record<PropertyKey, never>;
export type SignOutButtonMutation$data = {
  readonly signOut: {
    readonly __typename: string;
    readonly message?: string;
  };
};
export type SignOutButtonMutation = {
  response: SignOutButtonMutation$data;
  variables: SignOutButtonMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "signOut",
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
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "SignOutButtonMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "SignOutButtonMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "9bd893ecc3ab6824d157ae204cc649491d432c6dfd78380869b2bd532041a2cb",
    "metadata": {},
    "name": "SignOutButtonMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "27f1f5a53de828c859f78fc353cf560a";

export default node;
