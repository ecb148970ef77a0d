/**
 * @generated SignedSource<<f900a7b395fee187e880f3b3cdb32817>>
 * @relayHash 2c6529c2df9fd4e2f3b6072f14c0f5e6
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 82cd364fa06956ffe87ab69b68672c5844080a1b2bd6f90210fccafb18e3f8ef

import { ConcreteRequest } from 'relay-runtime';
export type ReferralStatus = "EXPIRED" | "PENDING" | "PURCHASED" | "WITHDRAWN" | "%future added value";
export type EraseReferralInput = {
  reason: string;
  referralId: string;
};
export type AdminErasureDialogsReferralMutation$variables = {
  input: EraseReferralInput;
};
export type AdminErasureDialogsReferralMutation$data = {
  readonly eraseReferral: {
    readonly __typename: string;
    readonly data?: {
      readonly email: string | null | undefined;
      readonly id: string;
      readonly name: string | null | undefined;
      readonly phone: string | null | undefined;
      readonly status: ReferralStatus;
      readonly statusDisplay: string;
    };
    readonly message?: string;
  };
};
export type AdminErasureDialogsReferralMutation = {
  response: AdminErasureDialogsReferralMutation$data;
  variables: AdminErasureDialogsReferralMutation$variables;
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
    "name": "eraseReferral",
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
            "concreteType": "Referral",
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
                "name": "name",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "phone",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "email",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "status",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "statusDisplay",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationEraseReferralSuccess",
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
    "name": "AdminErasureDialogsReferralMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminErasureDialogsReferralMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "82cd364fa06956ffe87ab69b68672c5844080a1b2bd6f90210fccafb18e3f8ef",
    "metadata": {},
    "name": "AdminErasureDialogsReferralMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "0f2a9e08410975a29e38b44b405fd57c";

export default node;
