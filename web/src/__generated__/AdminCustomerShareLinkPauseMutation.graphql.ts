/**
 * @generated SignedSource<<3c12e9bb78df6a7a8e0c811bde7efbb6>>
 * @relayHash 575f42f11494a68d36eaaef56297f774
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID dd0f9341c8fc1e6f612d12a4bdde0cd862add382699d4ef310807e8ba889b618

import { ConcreteRequest } from 'relay-runtime';
export type SetShareLinkPausedInput = {
  customerId: string;
  paused: boolean;
};
export type AdminCustomerShareLinkPauseMutation$variables = {
  input: SetShareLinkPausedInput;
};
export type AdminCustomerShareLinkPauseMutation$data = {
  readonly setShareLinkPaused: {
    readonly __typename: string;
    readonly data?: {
      readonly shareLink: {
        readonly id: string;
        readonly paused: boolean;
      };
    };
    readonly message?: string;
  };
};
export type AdminCustomerShareLinkPauseMutation = {
  response: AdminCustomerShareLinkPauseMutation$data;
  variables: AdminCustomerShareLinkPauseMutation$variables;
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
    "name": "setShareLinkPaused",
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
            "concreteType": "SetShareLinkPausedPayload",
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
                    "name": "paused",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationSetShareLinkPausedSuccess",
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
    "name": "AdminCustomerShareLinkPauseMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCustomerShareLinkPauseMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "dd0f9341c8fc1e6f612d12a4bdde0cd862add382699d4ef310807e8ba889b618",
    "metadata": {},
    "name": "AdminCustomerShareLinkPauseMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "4d464655e0577d5db64934e9cfba58bd";

export default node;
