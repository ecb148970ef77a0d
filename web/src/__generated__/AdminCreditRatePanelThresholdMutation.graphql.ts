/**
 * @generated SignedSource<<6da60379d4e8c52b68effbcfcf0b5654>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

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
    "cacheID": "6fc71a1ce06ed2e5626b36853b050916",
    "id": null,
    "metadata": {},
    "name": "AdminCreditRatePanelThresholdMutation",
    "operationKind": "mutation",
    "text": "mutation AdminCreditRatePanelThresholdMutation(\n  $input: SetPayoutApprovalThresholdInput!\n) {\n  setPayoutApprovalThreshold(input: $input) {\n    __typename\n    ... on MutationSetPayoutApprovalThresholdSuccess {\n      data {\n        payoutApprovalThreshold {\n          pence\n          pounds\n          formatted\n        }\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "591f798a9c583d757babbb02da136209";

export default node;
