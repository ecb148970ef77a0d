/**
 * @generated SignedSource<<8c6eaed83a2c47463ad3b4f16fbedf8f>>
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
    "cacheID": "520f1c29a2c1a6199000abd32a026658",
    "id": null,
    "metadata": {},
    "name": "AdminCreditRatePanelQuery",
    "operationKind": "query",
    "text": "query AdminCreditRatePanelQuery {\n  programme {\n    creditRateBasisPoints\n    creditRatePercent\n  }\n}\n"
  }
};
})();

(node as any).hash = "85d8e0e7ca114afd1ae68934e98f3cdc";

export default node;
