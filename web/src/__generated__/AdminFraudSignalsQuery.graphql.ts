/**
 * @generated SignedSource<<277952acb69b68f0c97a54035d4b8ced>>
 * @relayHash e7212f3f7e7b87baf45d353c2307156b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 1d67e54e6f754fcdac0ffe15ae7a6c21a6465dc330e3c1e06a71696b65553572

import { ConcreteRequest } from 'relay-runtime';
export type ReferralSignalKind = "AMOUNT_UNUSUAL" | "BURST" | "DISPOSABLE_EMAIL" | "FRIEND_READDED" | "FRIEND_REFERRED_ELSEWHERE" | "REFERRER_EMAIL" | "REFERRER_PHONE" | "SAME_POSTCODE" | "SHARED_DEVICE" | "%future added value";
export type AdminFraudSignalsQuery$variables = {
  from: string;
  to: string;
};
export type AdminFraudSignalsQuery$data = {
  readonly fraudSignalReport: {
    readonly customers: ReadonlyArray<{
      readonly customerDatabaseId: number;
      readonly customerName: string;
      readonly expired: number;
      readonly flagged: number;
      readonly held: number;
      readonly pending: number;
      readonly signals: number;
      readonly verified: number;
      readonly withdrawn: number;
    }>;
    readonly kinds: ReadonlyArray<{
      readonly expired: number;
      readonly flagged: number;
      readonly held: number;
      readonly kind: ReferralSignalKind;
      readonly pending: number;
      readonly verified: number;
      readonly withdrawn: number;
      readonly words: string;
    }>;
  };
};
export type AdminFraudSignalsQuery = {
  response: AdminFraudSignalsQuery$data;
  variables: AdminFraudSignalsQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "from"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "to"
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "flagged",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "verified",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "withdrawn",
  "storageKey": null
},
v4 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "expired",
  "storageKey": null
},
v5 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "pending",
  "storageKey": null
},
v6 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "held",
  "storageKey": null
},
v7 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "from",
        "variableName": "from"
      },
      {
        "kind": "Variable",
        "name": "to",
        "variableName": "to"
      }
    ],
    "concreteType": "FraudSignalReport",
    "kind": "LinkedField",
    "name": "fraudSignalReport",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "FraudSignalKindRow",
        "kind": "LinkedField",
        "name": "kinds",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "kind",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "words",
            "storageKey": null
          },
          (v1/*:: as any*/),
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/),
          (v6/*:: as any*/)
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "FraudSignalCustomerRow",
        "kind": "LinkedField",
        "name": "customers",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "customerDatabaseId",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "customerName",
            "storageKey": null
          },
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "signals",
            "storageKey": null
          },
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          (v4/*:: as any*/),
          (v5/*:: as any*/),
          (v6/*:: as any*/)
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
    "name": "AdminFraudSignalsQuery",
    "selections": (v7/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminFraudSignalsQuery",
    "selections": (v7/*:: as any*/)
  },
  "params": {
    "id": "1d67e54e6f754fcdac0ffe15ae7a6c21a6465dc330e3c1e06a71696b65553572",
    "metadata": {},
    "name": "AdminFraudSignalsQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "c9adb16a056e3121a12c4150f2c221df";

export default node;
