/**
 * @generated SignedSource<<d4a9a38e264f1b53ab97fe06e0e5d1ee>>
 * @relayHash 6fc71a1ce06ed2e5626b36853b050916
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a87e048bfc0f1fc998483bc7521f7bbb9508a6108be5cb2eb2de33a2de16cfe4

import { ConcreteRequest } from 'relay-runtime';
export type SetPayoutApprovalThresholdInput = {
  amount: string;
};
export type AdminCreditRatePanelThresholdMutation$variables = {
  input: SetPayoutApprovalThresholdInput;
};
export type AdminCreditRatePanelThresholdMutation$data = {
  readonly setPayoutApprovalThreshold: {
    readonly __typename: string;
    readonly data?: {
      readonly payoutApprovalThreshold: {
        readonly formatted: string;
        readonly pence: number;
        readonly pounds: string;
      };
    };
    readonly message?: string;
  };
};
export type AdminCreditRatePanelThresholdMutation = {
  response: AdminCreditRatePanelThresholdMutation$data;
  variables: AdminCreditRatePanelThresholdMutation$variables;
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
    "name": "setPayoutApprovalThreshold",
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
            "concreteType": "Programme",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "payoutApprovalThreshold",
                "plural": false,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "pence",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "pounds",
                    "storageKey": null
                  },
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "formatted",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationSetPayoutApprovalThresholdSuccess",
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
    "name": "AdminCreditRatePanelThresholdMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCreditRatePanelThresholdMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "a87e048bfc0f1fc998483bc7521f7bbb9508a6108be5cb2eb2de33a2de16cfe4",
    "metadata": {},
    "name": "AdminCreditRatePanelThresholdMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "591f798a9c583d757babbb02da136209";

export default node;
