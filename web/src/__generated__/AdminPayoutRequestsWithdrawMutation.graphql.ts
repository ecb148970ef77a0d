/**
 * @generated SignedSource<<5f4c42bfcc04b332dfb6ee39508a67fd>>
 * @relayHash 1f86c199d8de541fbe7507a164431214
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID b29431761a3ddbd97d9a581e01dc35508ff6805c06de6d7cbfa0807e514b5728

import { ConcreteRequest } from 'relay-runtime';
export type PayoutRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "WITHDRAWN" | "%future added value";
export type ApprovePayoutRequestInput = {
  requestId: string;
};
export type AdminPayoutRequestsWithdrawMutation$variables = {
  input: ApprovePayoutRequestInput;
};
export type AdminPayoutRequestsWithdrawMutation$data = {
  readonly withdrawPayoutRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: PayoutRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminPayoutRequestsWithdrawMutation = {
  response: AdminPayoutRequestsWithdrawMutation$data;
  variables: AdminPayoutRequestsWithdrawMutation$variables;
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
    "name": "withdrawPayoutRequest",
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
            "concreteType": "PayoutRequest",
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
        "type": "MutationWithdrawPayoutRequestSuccess",
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
    "name": "AdminPayoutRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminPayoutRequestsWithdrawMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "b29431761a3ddbd97d9a581e01dc35508ff6805c06de6d7cbfa0807e514b5728",
    "metadata": {},
    "name": "AdminPayoutRequestsWithdrawMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "ef94e12c81129b6efd7b95ecfd24026c";

export default node;
