/**
 * @generated SignedSource<<987515874e6f433f224138aff0616f56>>
 * @relayHash 1db4054f343cd1535e6a47a881b75422
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID deb693376e9c9b7a49922b4cc45741bee55c88672660d84f692af473a3641cd2

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
      readonly phoneDisplay: string | null | undefined;
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
                "name": "phoneDisplay",
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
    "id": "deb693376e9c9b7a49922b4cc45741bee55c88672660d84f692af473a3641cd2",
    "metadata": {},
    "name": "AdminErasureDialogsReferralMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "9b210a4cdb52d062260c042031a29348";

export default node;
