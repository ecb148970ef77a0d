/**
 * @generated SignedSource<<217206acc4502d49793e66f304e67b81>>
 * @relayHash 2b4b61d44a0e83a83462f1d4b8469749
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID fcbdbca8cb24082195e92da05a51892b4af0ef99093431f10b01d64c6af50c90

import { ConcreteRequest } from 'relay-runtime';
export type AdminTopPerformersTabQuery$variables = {
  count: number;
};
export type AdminTopPerformersTabQuery$data = {
  readonly topPerformers: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly customerId: number;
        readonly customerName: string;
        readonly purchasedReferrals: number;
        readonly totalCredits: {
          readonly pence: number;
        };
      };
    }>;
  };
};
export type AdminTopPerformersTabQuery = {
  response: AdminTopPerformersTabQuery$data;
  variables: AdminTopPerformersTabQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "count"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "first",
        "variableName": "count"
      }
    ],
    "concreteType": "QueryTopPerformersConnection",
    "kind": "LinkedField",
    "name": "topPerformers",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "QueryTopPerformersConnectionEdge",
        "kind": "LinkedField",
        "name": "edges",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "TopPerformer",
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
                "name": "customerName",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "concreteType": "Money",
                "kind": "LinkedField",
                "name": "totalCredits",
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
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "purchasedReferrals",
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
    "name": "AdminTopPerformersTabQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminTopPerformersTabQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "fcbdbca8cb24082195e92da05a51892b4af0ef99093431f10b01d64c6af50c90",
    "metadata": {},
    "name": "AdminTopPerformersTabQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "10490475093a94d61b9ce4e21db7a08c";

export default node;
