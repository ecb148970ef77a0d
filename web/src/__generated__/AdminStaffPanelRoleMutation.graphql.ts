/**
 * @generated SignedSource<<10300a8626ca9ef7e9d0f0af0071eb92>>
 * @relayHash ed6bb9a9a7a5cbabd5084413eeb7df44
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 98664a50e15004f3ba14598d1f1d0f9a225ba5d79fb0cb94a1a5f913b2642bd2

import { ConcreteRequest } from 'relay-runtime';
export type Role = "ADMIN" | "CUSTOMER" | "STAFF" | "%future added value";
export type SetUserRoleInput = {
  role: Role;
  userId: number;
};
export type AdminStaffPanelRoleMutation$variables = {
  input: SetUserRoleInput;
};
export type AdminStaffPanelRoleMutation$data = {
  readonly setUserRole: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly role: Role;
    };
    readonly message?: string;
  };
};
export type AdminStaffPanelRoleMutation = {
  response: AdminStaffPanelRoleMutation$data;
  variables: AdminStaffPanelRoleMutation$variables;
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
    "name": "setUserRole",
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
                "name": "role",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationSetUserRoleSuccess",
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
    "name": "AdminStaffPanelRoleMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminStaffPanelRoleMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "98664a50e15004f3ba14598d1f1d0f9a225ba5d79fb0cb94a1a5f913b2642bd2",
    "metadata": {},
    "name": "AdminStaffPanelRoleMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "800a636fa1fdecd0714d5e7b3d072a7f";

export default node;
