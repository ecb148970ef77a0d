/**
 * @generated SignedSource<<8ef6dda51d742708f58c963ca57aad15>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type AdminCreditRatePanelQuery$variables = Record<PropertyKey, never>;
export type AdminCreditRatePanelQuery$data = {
  readonly programme: {
    readonly creditRateBasisPoints: number;
    readonly creditRatePercent: string;
    readonly payoutApprovalThreshold: {
      readonly formatted: string;
      readonly pence: number;
      readonly pounds: string;
    };
    readonly referralDailyLimit: number;
  };
};
export type AdminCreditRatePanelQuery = {
  response: AdminCreditRatePanelQuery$data;
  variables: AdminCreditRatePanelQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "Programme",
    "kind": "LinkedField",
    "name": "programme",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "creditRateBasisPoints",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "creditRatePercent",
        "storageKey": null
      },
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
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "referralDailyLimit",
        "storageKey": null
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
    "name": "AdminCreditRatePanelQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminCreditRatePanelQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "cacheID": "81a0433465a41f62d9deede9bf107eea",
    "id": null,
    "metadata": {},
    "name": "AdminCreditRatePanelQuery",
    "operationKind": "query",
    "text": "query AdminCreditRatePanelQuery {\n  programme {\n    creditRateBasisPoints\n    creditRatePercent\n    payoutApprovalThreshold {\n      pence\n      pounds\n      formatted\n    }\n    referralDailyLimit\n  }\n}\n"
  }
};
})();

(node as any).hash = "2470e1119c4706b8e5e91dd9de8c28de";

export default node;
