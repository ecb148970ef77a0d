/**
 * @generated SignedSource<<7d0944e1235c4568e86a44a9a9849458>>
 * @relayHash a3dd74e47caad1095abe13085b9bf718
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID b89ddf6409bd4d6017f7515f0d3713c4976b32a2905eb9871d065e5cf8cd7f7c

import { ConcreteRequest } from 'relay-runtime';
export type DeleteMyAccountInput = {
  password: string;
};
export type YourDataCardDeleteMutation$variables = {
  input: DeleteMyAccountInput;
};
export type YourDataCardDeleteMutation$data = {
  readonly deleteMyAccount: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly message?: string;
  };
};
export type YourDataCardDeleteMutation = {
  response: YourDataCardDeleteMutation$data;
  variables: YourDataCardDeleteMutation$variables;
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
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v2 = [
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
    "name": "deleteMyAccount",
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
            "concreteType": "DeleteMyAccountPayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": (v1/*:: as any*/),
            "storageKey": null
          }
        ],
        "type": "MutationDeleteMyAccountSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v1/*:: as any*/),
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
    "name": "YourDataCardDeleteMutation",
    "selections": (v2/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "YourDataCardDeleteMutation",
    "selections": (v2/*:: as any*/)
  },
  "params": {
    "id": "b89ddf6409bd4d6017f7515f0d3713c4976b32a2905eb9871d065e5cf8cd7f7c",
    "metadata": {},
    "name": "YourDataCardDeleteMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "64667c3860c94aac32cec9a5e082b614";

export default node;
