/**
 * @generated SignedSource<<b93eaeed154402d557fdb0da1d16dcc7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type PayoutRequestStatus = "APPROVED" | "DECLINED" | "PENDING" | "%future added value";
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
    "cacheID": "062d212a666cb60cb0c2f81ddefb3ac3",
    "id": null,
    "metadata": {},
    "name": "AdminPayoutRequestsDeclineMutation",
    "operationKind": "mutation",
    "text": "mutation AdminPayoutRequestsDeclineMutation(\n  $input: DeclinePayoutRequestInput!\n) {\n  declinePayoutRequest(input: $input) {\n    __typename\n    ... on MutationDeclinePayoutRequestSuccess {\n      data {\n        id\n        status\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "eb04a54f3b6496d7e4cfa5520a795dac";

export default node;
