/**
 * @generated SignedSource<<3e0acf333e8652d44cd9d170d357d941>>
 * @relayHash 2ec42e867d422510d379898aa163e3e0
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 17dc955fb4f0ebce124072b84cda87a52f30d0dae13c059e5585315a4433de23

import { ConcreteRequest } from 'relay-runtime';
export type SettingChangeRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "SUPERSEDED" | "WITHDRAWN" | "%future added value";
export type SettingChangeRequestIdInput = {
  requestId: string;
};
export type AdminSettingChangeRequestsApproveMutation$variables = {
  input: SettingChangeRequestIdInput;
};
export type AdminSettingChangeRequestsApproveMutation$data = {
  readonly approveSettingChangeRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: SettingChangeRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminSettingChangeRequestsApproveMutation = {
  response: AdminSettingChangeRequestsApproveMutation$data;
  variables: AdminSettingChangeRequestsApproveMutation$variables;
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
    "name": "approveSettingChangeRequest",
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
            "concreteType": "SettingChangeRequest",
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
                "name": "status",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationApproveSettingChangeRequestSuccess",
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
    "name": "AdminSettingChangeRequestsApproveMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminSettingChangeRequestsApproveMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "17dc955fb4f0ebce124072b84cda87a52f30d0dae13c059e5585315a4433de23",
    "metadata": {},
    "name": "AdminSettingChangeRequestsApproveMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "b1e9e0c0a2c9935b20cb012920725d00";

export default node;
