/**
 * @generated SignedSource<<52463b54a51b5efaa8e88fb08f16dad2>>
 * @relayHash e96b429e2e07d6998cf19d8c6a469db9
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 675d45fea45017fbba5d3f2e21c6feec5508a5595e47b94cace53b5de986c065

import { ConcreteRequest } from 'relay-runtime';
export type SetCreditRateInput = {
  basisPoints: number;
};
export type AdminCreditRatePanelMutation$variables = {
  input: SetCreditRateInput;
};
export type AdminCreditRatePanelMutation$data = {
  readonly setCreditRate: {
    readonly __typename: string;
    readonly data?: {
      readonly creditRateBasisPoints: number;
      readonly creditRatePercent: string;
    };
    readonly message?: string;
  };
};
export type AdminCreditRatePanelMutation = {
  response: AdminCreditRatePanelMutation$data;
  variables: AdminCreditRatePanelMutation$variables;
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
    "name": "setCreditRate",
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
        ],
        "type": "MutationSetCreditRateSuccess",
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
    "name": "AdminCreditRatePanelMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCreditRatePanelMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "675d45fea45017fbba5d3f2e21c6feec5508a5595e47b94cace53b5de986c065",
    "metadata": {},
    "name": "AdminCreditRatePanelMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "1e23571ae16f272884c5a1d4c6a97196";

export default node;
