/**
 * @generated SignedSource<<7838191eaf9ea236331a9f0bf5bda333>>
 * @relayHash a65c06789d504ed689159b64cbf0b93b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ede4386c89f1261246671f3cdd24696851392d6a61361e74b98211c3d69ded6c

import { ConcreteRequest } from 'relay-runtime';
export type AdminCustomerApprovalTabNewestQuery$variables = {
  count: number;
  search?: string | null | undefined;
};
export type AdminCustomerApprovalTabNewestQuery$data = {
  readonly customers: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly createdAt: string;
        readonly customerId: string;
      };
    }>;
  };
};
export type AdminCustomerApprovalTabNewestQuery = {
  response: AdminCustomerApprovalTabNewestQuery$data;
  variables: AdminCustomerApprovalTabNewestQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "count"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "search"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Literal",
        "name": "filter",
        "value": {
          "status": "PENDING"
        }
      },
      {
        "kind": "Variable",
        "name": "first",
        "variableName": "count"
      },
      {
        "kind": "Literal",
        "name": "orderBy",
        "value": "CREATED_AT_DESC"
      },
      {
        "kind": "Variable",
        "name": "search",
        "variableName": "search"
      }
    ],
    "concreteType": "QueryCustomersConnection",
    "kind": "LinkedField",
    "name": "customers",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryCustomersConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "AdminCustomer",
            "kind": "LinkedField",
            "name": "node",
            "plural": false,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "customerId",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "createdAt",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
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
    "name": "AdminCustomerApprovalTabNewestQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCustomerApprovalTabNewestQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "ede4386c89f1261246671f3cdd24696851392d6a61361e74b98211c3d69ded6c",
    "metadata": {},
    "name": "AdminCustomerApprovalTabNewestQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e1dd28055e8e51c76f468c2fef14f873";

export default node;
