/**
 * @generated SignedSource<<ce0afd34e65a4d5a72f68a9e86913e63>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type UpdateCustomerInput = {
  contractNumber?: string | null | undefined;
  customerId: string;
  originalPurchaseAmount?: string | null | undefined;
};
export type AdminEditCustomerDialogMutation$variables = {
  input: UpdateCustomerInput;
};
export type AdminEditCustomerDialogMutation$data = {
  readonly updateCustomer: {
    readonly __typename: string;
    readonly data?: {
      readonly contractNumber: string;
      readonly id: string;
      readonly originalPurchaseAmount: {
        readonly pence: number;
      };
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type AdminEditCustomerDialogMutation = {
  response: AdminEditCustomerDialogMutation$data;
  variables: AdminEditCustomerDialogMutation$variables;
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
    "name": "updateCustomer",
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
            "concreteType": "Customer",
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
                "name": "contractNumber",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "originalPurchaseAmount",
                "plural": false,
                "selections": [
                  {
                    "alias": null,
                    "args": null,
                    "kind": "ScalarField",
                    "name": "pence",
                    "storageKey": null
                  }
                ],
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "type": "MutationUpdateCustomerSuccess",
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
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "field",
            "storageKey": null
          }
        ],
        "type": "ValidationError",
        "abstractKey": null
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
    "name": "AdminEditCustomerDialogMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminEditCustomerDialogMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "e4848306a817dbfb53f16668d4c8c552",
    "id": null,
    "metadata": {},
    "name": "AdminEditCustomerDialogMutation",
    "operationKind": "mutation",
    "text": "mutation AdminEditCustomerDialogMutation(\n  $input: UpdateCustomerInput!\n) {\n  updateCustomer(input: $input) {\n    __typename\n    ... on MutationUpdateCustomerSuccess {\n      data {\n        id\n        contractNumber\n        originalPurchaseAmount {\n          pence\n        }\n      }\n    }\n    ... on Error {\n      __isError: __typename\n      message\n    }\n    ... on ValidationError {\n      field\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "67312765f5de4615a4cf623c7e26e8d6";

export default node;
