/**
 * @generated SignedSource<<b2c905461a402754e4e9254f2c7a18f9>>
 * @relayHash 050102395c5d3b268e0d14c603e745ce
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 17051ba05f9cacd9f38b4dfa03d317cd1dd79d545124f224cf73c9e72168ee2c

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
    "id": "17051ba05f9cacd9f38b4dfa03d317cd1dd79d545124f224cf73c9e72168ee2c",
    "metadata": {},
    "name": "AdminEmailOutboxRetryAllMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "6d69fc7a9fafcba94d2ef0518219df0e";

export default node;
