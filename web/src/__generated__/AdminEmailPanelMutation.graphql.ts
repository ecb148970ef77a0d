/**
 * @generated SignedSource<<8a8eadbe3a670162ac77e5b367a01a4c>>
 * @relayHash ef441a8d45f9f916e4efb8b54cb772bd
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 707490f10a6e868cba00514e088e2ae4d44bf2a74f03456d51e5014c35d17056

import { ConcreteRequest } from 'relay-runtime';
export type AdminEmailPanelMutation$variables = Record<PropertyKey, never>;
export type AdminEmailPanelMutation$data = {
  readonly processEmails: {
    readonly __typename: string;
    readonly data?: {
      readonly configured: boolean;
      readonly failed: number;
      readonly message: string;
      readonly processed: number;
      readonly sent: number;
    };
    readonly message?: string;
  };
};
export type AdminEmailPanelMutation = {
  response: AdminEmailPanelMutation$data;
  variables: AdminEmailPanelMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "message",
  "storageKey": null
},
v1 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "processEmails",
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
            "concreteType": "ProcessEmailsResult",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "processed",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "sent",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "failed",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "configured",
                "storageKey": null
              },
              (v0/*:: as any*/)
            ],
            "storageKey": null
          }
        ],
        "type": "MutationProcessEmailsSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          (v0/*:: as any*/)
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
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "AdminEmailPanelMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminEmailPanelMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "707490f10a6e868cba00514e088e2ae4d44bf2a74f03456d51e5014c35d17056",
    "metadata": {},
    "name": "AdminEmailPanelMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "aebf6bc3f257cc6f80f322956e691da2";

export default node;
