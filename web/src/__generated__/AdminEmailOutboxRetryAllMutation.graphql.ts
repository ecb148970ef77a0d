/**
 * @generated SignedSource<<f21ef95582c7f6301dbee4d65532b340>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AdminEmailOutboxRetryAllMutation$variables = Record<PropertyKey, never>;
export type AdminEmailOutboxRetryAllMutation$data = {
  readonly retryFailedEmails: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
      readonly retried: number;
    };
    readonly message?: string;
  };
};
export type AdminEmailOutboxRetryAllMutation = {
  response: AdminEmailOutboxRetryAllMutation$data;
  variables: AdminEmailOutboxRetryAllMutation$variables;
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
    "name": "retryFailedEmails",
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
            "concreteType": "RetryFailedEmailsResult",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "retried",
                "storageKey": null
              },
              (v0/*:: as any*/)
            ],
            "storageKey": null
          }
        ],
        "type": "MutationRetryFailedEmailsSuccess",
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
    "name": "AdminEmailOutboxRetryAllMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminEmailOutboxRetryAllMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "050102395c5d3b268e0d14c603e745ce",
    "id": null,
    "metadata": {},
    "name": "AdminEmailOutboxRetryAllMutation",
    "operationKind": "mutation",
    "text": "mutation AdminEmailOutboxRetryAllMutation {\n  retryFailedEmails {\n    __typename\n    ... on MutationRetryFailedEmailsSuccess {\n      data {\n        retried\n        message\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "6d69fc7a9fafcba94d2ef0518219df0e";

export default node;
