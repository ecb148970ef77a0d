/**
 * @generated SignedSource<<322ed90d5456a5856487b68c6e50caee>>
 * @relayHash 5b39726cea92a36ca4a0a2527a41bd7b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID b9bc299280675dab1676085c8a1199d47ede4ea6202a46668daac99ad9c3dcff

import { ConcreteRequest } from 'relay-runtime';
export type InviteStaffInput = {
  email: string;
  firstName: string;
  lastName: string;
};
export type AdminStaffPanelInviteMutation$variables = {
  input: InviteStaffInput;
};
export type AdminStaffPanelInviteMutation$data = {
  readonly inviteStaff: {
    readonly __typename: string;
    readonly data?: {
      readonly email: string;
      readonly id: string;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type AdminStaffPanelInviteMutation = {
  response: AdminStaffPanelInviteMutation$data;
  variables: AdminStaffPanelInviteMutation$variables;
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
    "name": "inviteStaff",
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
                "name": "email",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationInviteStaffSuccess",
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
    "name": "AdminStaffPanelInviteMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminStaffPanelInviteMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "b9bc299280675dab1676085c8a1199d47ede4ea6202a46668daac99ad9c3dcff",
    "metadata": {},
    "name": "AdminStaffPanelInviteMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "1644c84127af6d466c07365f7d3edae0";

export default node;
