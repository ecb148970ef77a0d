/**
 * @generated SignedSource<<81a4df9523a51cde1a7739345bf70d44>>
 * @relayHash 597d44ee3f581fa3f042b87856ea01f1
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID dd0382ac2501049df1d15cabc10660a9b554d7d79f91e9e1107ce19afe633606

import { ConcreteRequest } from 'relay-runtime';
export type AdminEmailPanelQuery$variables = Record<PropertyKey, never>;
export type AdminEmailPanelQuery$data = {
  readonly emailStats: {
    readonly configured: boolean;
    readonly failed: number;
    readonly pending: number;
    readonly sent: number;
  };
};
export type AdminEmailPanelQuery = {
  response: AdminEmailPanelQuery$data;
  variables: AdminEmailPanelQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "EmailStats",
    "kind": "LinkedField",
    "name": "emailStats",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "pending",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "sent",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "failed",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "configured",
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
    "name": "AdminEmailPanelQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminEmailPanelQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "dd0382ac2501049df1d15cabc10660a9b554d7d79f91e9e1107ce19afe633606",
    "metadata": {},
    "name": "AdminEmailPanelQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "adc6db8ac40e339ca2b13941a2c9fbbb";

export default node;
