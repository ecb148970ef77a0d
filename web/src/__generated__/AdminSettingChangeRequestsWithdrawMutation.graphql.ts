/**
 * @generated SignedSource<<13cd1497ebb5c9bb27fd6a0350842bad>>
 * @relayHash 6780491be5f62a2bffb831fcc4116f2c
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d87ed44837f52f4b95898c11a246b83e268aaa1e3a86a077cc18d527c820fbcf

import { ConcreteRequest } from 'relay-runtime';
export type SettingChangeRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "SUPERSEDED" | "WITHDRAWN" | "%future added value";
export type SettingChangeRequestIdInput = {
  requestId: string;
};
export type AdminSettingChangeRequestsWithdrawMutation$variables = {
  input: SettingChangeRequestIdInput;
};
export type AdminSettingChangeRequestsWithdrawMutation$data = {
  readonly withdrawSettingChangeRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: SettingChangeRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminSettingChangeRequestsWithdrawMutation = {
  response: AdminSettingChangeRequestsWithdrawMutation$data;
  variables: AdminSettingChangeRequestsWithdrawMutation$variables;
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
    "name": "withdrawSettingChangeRequest",
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
        "type": "MutationWithdrawSettingChangeRequestSuccess",
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
    "name": "AdminSettingChangeRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminSettingChangeRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "d87ed44837f52f4b95898c11a246b83e268aaa1e3a86a077cc18d527c820fbcf",
    "metadata": {},
    "name": "AdminSettingChangeRequestsWithdrawMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "134b9b2f66370c5fab661631b7360db4";

export default node;
