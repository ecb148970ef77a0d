/**
 * @generated SignedSource<<9361ca8dd8f12524587d684ada2a44a3>>
 * @relayHash 393424181efddf91f9f53926a71c46ab
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 3fbffc60faa479250a1b0ee2bf36719a0c64e2b2d98c6c414559b44cb4599da4

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
    "id": "3fbffc60faa479250a1b0ee2bf36719a0c64e2b2d98c6c414559b44cb4599da4",
    "metadata": {},
    "name": "EmailConfirmationNoticeMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "9594b8c095e23f7f0cfcf0cf5e52a0ea";

export default node;
