/**
 * @generated SignedSource<<5e35c674ce102d621940a550e2688e0e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type EmailConfirmationNoticeMutation$variables = Record<PropertyKey, never>;
export type EmailConfirmationNoticeMutation$data = {
  readonly resendEmailConfirmation: {
    readonly __typename: string;
    readonly data?: {
      readonly message: string;
    };
    readonly message?: string;
  };
};
export type EmailConfirmationNoticeMutation = {
  response: EmailConfirmationNoticeMutation$data;
  variables: EmailConfirmationNoticeMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "message",
    "storageKey": null
  }
],
v1 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "resendEmailConfirmation",
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
            "concreteType": "MessagePayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": (v0/*:: as any*/),
            "storageKey": null
          }
        ],
        "type": "MutationResendEmailConfirmationSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": (v0/*:: as any*/),
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
    "name": "EmailConfirmationNoticeMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "EmailConfirmationNoticeMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "393424181efddf91f9f53926a71c46ab",
    "id": null,
    "metadata": {},
    "name": "EmailConfirmationNoticeMutation",
    "operationKind": "mutation",
    "text": "mutation EmailConfirmationNoticeMutation {\n  resendEmailConfirmation {\n    __typename\n    ... on MutationResendEmailConfirmationSuccess {\n      data {\n        message\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "9594b8c095e23f7f0cfcf0cf5e52a0ea";

export default node;
