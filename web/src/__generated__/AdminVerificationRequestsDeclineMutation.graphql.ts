/**
 * @generated SignedSource<<424fc8d15bdc70a4883542ea0b7d3fb4>>
 * @relayHash ec73b6bda48d8ce32c3d12825a2ed735
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID dfed589bf87d8148a9646ab363636676b7834dfe4dcd5f61ecacc91d5687e38c

import { ConcreteRequest } from 'relay-runtime';
export type PurchaseVerificationRequestStatus = "APPROVED" | "DECLINED" | "LAPSED" | "PENDING" | "WITHDRAWN" | "%future added value";
export type DeclinePurchaseVerificationRequestInput = {
  reason?: string | null | undefined;
  requestId: string;
};
export type AdminVerificationRequestsDeclineMutation$variables = {
  input: DeclinePurchaseVerificationRequestInput;
};
export type AdminVerificationRequestsDeclineMutation$data = {
  readonly declinePurchaseVerificationRequest: {
    readonly __typename: string;
    readonly data?: {
      readonly id: string;
      readonly status: PurchaseVerificationRequestStatus;
    };
    readonly message?: string;
  };
};
export type AdminVerificationRequestsDeclineMutation = {
  response: AdminVerificationRequestsDeclineMutation$data;
  variables: AdminVerificationRequestsDeclineMutation$variables;
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
    "name": "declinePurchaseVerificationRequest",
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
            "concreteType": "PurchaseVerificationRequest",
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
        "type": "MutationDeclinePurchaseVerificationRequestSuccess",
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
    "name": "AdminVerificationRequestsDeclineMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminVerificationRequestsDeclineMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "dfed589bf87d8148a9646ab363636676b7834dfe4dcd5f61ecacc91d5687e38c",
    "metadata": {},
    "name": "AdminVerificationRequestsDeclineMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "6673ccec789cf0ed82342fccfc83afde";

export default node;
