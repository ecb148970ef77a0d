/**
 * @generated SignedSource<<8b972a2682211bd3f8cbdc067a73287e>>
 * @relayHash 33276a6eea2ad293c7e548d8c32889d2
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 6c855bdf43f3f04c359bff79a225b2b31c1630559f3ff037a005ed9b3a6a3867

import { ConcreteRequest } from 'relay-runtime';
export type DeactivateUserInput = {
  userId: number;
};
export type AdminStaffPanelDeactivateMutation$variables = {
  input: DeactivateUserInput;
};
export type AdminStaffPanelDeactivateMutation$data = {
  readonly deactivateUser: {
    readonly __typename: string;
    readonly data?: {
      readonly deactivatedAt: string | null | undefined;
      readonly id: string;
    };
    readonly message?: string;
  };
};
export type AdminStaffPanelDeactivateMutation = {
  response: AdminStaffPanelDeactivateMutation$data;
  variables: AdminStaffPanelDeactivateMutation$variables;
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
    "name": "deactivateUser",
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
            "concreteType": "User",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "id",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "deactivatedAt",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationDeactivateUserSuccess",
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
    "name": "AdminStaffPanelDeactivateMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminStaffPanelDeactivateMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "6c855bdf43f3f04c359bff79a225b2b31c1630559f3ff037a005ed9b3a6a3867",
    "metadata": {},
    "name": "AdminStaffPanelDeactivateMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "4fab7e6271afffd8348776d9f72480ee";

export default node;
