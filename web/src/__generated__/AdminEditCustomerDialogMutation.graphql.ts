/**
 * @generated SignedSource<<33418bad2b672e12c7d54c7aaa4b7826>>
 * @relayHash e4848306a817dbfb53f16668d4c8c552
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 8ed89f535bbd36069fe06c87d36164f2f787ae01cd7670000b7aa7e007a78372

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
    "id": "8ed89f535bbd36069fe06c87d36164f2f787ae01cd7670000b7aa7e007a78372",
    "metadata": {},
    "name": "AdminEditCustomerDialogMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "67312765f5de4615a4cf623c7e26e8d6";

export default node;
