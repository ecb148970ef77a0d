/**
 * @generated SignedSource<<2a9bdaef0eca5f118c9d5a833916a7c0>>
 * @relayHash 1a301acdd8a96088bba8b46f253fda41
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 342b8b0e78e6a80179c2da001c51727d987668f9a3fec0bc0d0fb4b8520377c1

import { ConcreteRequest } from 'relay-runtime';
export type SharePanelExtrasRenewMutation$variables = Record<PropertyKey, never>;
export type SharePanelExtrasRenewMutation$data = {
  readonly renewShareLink: {
    readonly __typename: string;
    readonly data?: {
      readonly shareLink: {
        readonly id: string;
        readonly opens: number;
        readonly paused: boolean;
        readonly shareMessage: string;
        readonly signUps: number;
        readonly url: string;
      };
    };
    readonly message?: string;
  };
};
export type SharePanelExtrasRenewMutation = {
  response: SharePanelExtrasRenewMutation$data;
  variables: SharePanelExtrasRenewMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": null,
    "kind": "LinkedField",
    "name": "renewShareLink",
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
            "concreteType": "RenewShareLinkPayload",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "ShareLink",
                "kind": "LinkedField",
                "name": "shareLink",
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
                    "name": "url",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "paused",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "opens",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "signUps",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "shareMessage",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationRenewShareLinkSuccess",
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
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "SharePanelExtrasRenewMutation",
    "selections": (v0/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "SharePanelExtrasRenewMutation",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "342b8b0e78e6a80179c2da001c51727d987668f9a3fec0bc0d0fb4b8520377c1",
    "metadata": {},
    "name": "SharePanelExtrasRenewMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "a9730d723854c5e95c6025522bc5f529";

export default node;
