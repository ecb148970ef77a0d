/**
 * @generated SignedSource<<072bb7260d8e93ec4727c7e2623d7fe6>>
 * @relayHash eff14247f194e1553f9801e800956673
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 276480d34730f12ff2906aa87f3dd78949b75fd0ea17dcf0d670c73e3d6c50d1

import { ConcreteRequest } from 'relay-runtime';
export type AdminCreditRatePanelQuery$variables = Record<PropertyKey, never>;
export type AdminCreditRatePanelQuery$data = {
  readonly programme: {
    readonly contactEmail: string | null | undefined;
    readonly contactHours: string | null | undefined;
    readonly contactPhone: string | null | undefined;
    readonly contactPhoneDisplay: string | null | undefined;
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
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "contactEmail",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "contactPhone",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "contactPhoneDisplay",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "contactHours",
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
    "id": "276480d34730f12ff2906aa87f3dd78949b75fd0ea17dcf0d670c73e3d6c50d1",
    "metadata": {},
    "name": "AdminCreditRatePanelQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "d4b719c467d49558cbb07c287eb68314";

export default node;
