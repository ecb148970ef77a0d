/**
 * @generated SignedSource<<2f3d71782900e101ef916fb75648f092>>
 * @relayHash 062d212a666cb60cb0c2f81ddefb3ac3
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f66ac062a4e7868b1def2a762c2d35ef75872e87c7d3f885274fd34a27e5884f

import { ConcreteRequest } from 'relay-runtime';
export type PayoutRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "WITHDRAWN" | "%future added value";
export type DeclinePayoutRequestInput = {
  reason?: string | null | undefined;
  requestId: string;
};
export type AdminPayoutRequestsDeclineMutation$variables = {
  input: DeclinePayoutRequestInput;
};
export type AdminPayoutRequestsDeclineMutation$data = {
  readonly declinePayoutRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: PayoutRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminPayoutRequestsDeclineMutation = {
  response: AdminPayoutRequestsDeclineMutation$data;
  variables: AdminPayoutRequestsDeclineMutation$variables;
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
    "name": "declinePayoutRequest",
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
        "type": "MutationDeclinePayoutRequestSuccess",
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
    "name": "AdminPayoutRequestsDeclineMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminPayoutRequestsDeclineMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "f66ac062a4e7868b1def2a762c2d35ef75872e87c7d3f885274fd34a27e5884f",
    "metadata": {},
    "name": "AdminPayoutRequestsDeclineMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "eb04a54f3b6496d7e4cfa5520a795dac";

export default node;
