/**
 * @generated SignedSource<<8fc5ebad1e1e2dd7b3d6ae5020ba8a4e>>
 * @relayHash 429593ca2f6875286bb384e9d68df502
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a012b45446c71f7abea931f5a6c00f8d3bb710c1d47a1ec0b29c491b2666ae31

import { ConcreteRequest } from 'relay-runtime';
export type SettingChangeRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "SUPERSEDED" | "WITHDRAWN" | "%future added value";
export type DeclineSettingChangeRequestInput = {
  reason?: string | null | undefined;
  requestId: string;
};
export type AdminSettingChangeRequestsDeclineMutation$variables = {
  input: DeclineSettingChangeRequestInput;
};
export type AdminSettingChangeRequestsDeclineMutation$data = {
  readonly declineSettingChangeRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: SettingChangeRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminSettingChangeRequestsDeclineMutation = {
  response: AdminSettingChangeRequestsDeclineMutation$data;
  variables: AdminSettingChangeRequestsDeclineMutation$variables;
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
    "name": "declineSettingChangeRequest",
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
        "type": "MutationDeclineSettingChangeRequestSuccess",
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
    "name": "AdminSettingChangeRequestsDeclineMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminSettingChangeRequestsDeclineMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "a012b45446c71f7abea931f5a6c00f8d3bb710c1d47a1ec0b29c491b2666ae31",
    "metadata": {},
    "name": "AdminSettingChangeRequestsDeclineMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "e6fc326dd03d5571bb2b14ea57a4f5f2";

export default node;
