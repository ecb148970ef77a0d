/**
 * @generated SignedSource<<f6f440c213164163b7f6f9007278aa3e>>
 * @relayHash c14aa003f2935ad3c6f69652723bc4a8
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 8cf43b78345abf9f44b357b30480a73b193cb3b703c041eeceb043e971723d67

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type RegistrationPageQuery$variables = Record<PropertyKey, never>;
export type RegistrationPageQuery$data = {
  readonly programme: {
    readonly creditRatePercent: string;
    readonly " $fragmentSpreads": FragmentRefs<"HowItWorksBox_programme" | "ProgrammeContact_programme">;
  };
  readonly viewer: {
    readonly customer: {
      readonly contractNumber: string;
      readonly id: string;
      readonly originalPurchaseAmount: {
        readonly pounds: string;
      };
      readonly postcode: string;
      readonly rejectionReason: string | null | undefined;
      readonly status: CustomerStatus;
    } | null | undefined;
    readonly id: string;
    readonly " $fragmentSpreads": FragmentRefs<"EmailConfirmationNotice_user">;
  } | null | undefined;
};
export type RegistrationPageQuery = {
  response: RegistrationPageQuery$data;
  variables: RegistrationPageQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "creditRatePercent",
  "storageKey": null
},
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "concreteType": "Customer",
  "kind": "LinkedField",
  "name": "customer",
  "plural": false,
  "selections": [
    (v1/*:: as any*/),
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "status",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "rejectionReason",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "postcode",
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
          "name": "pounds",
          "storageKey": null
        }
      ],
      "storageKey": null
    }
  ],
  "storageKey": null
};
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "RegistrationPageQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Programme",
        "kind": "LinkedField",
        "name": "programme",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "HowItWorksBox_programme"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "ProgrammeContact_programme"
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v1/*:: as any*/),
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "EmailConfirmationNotice_user"
          },
          (v2/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "RegistrationPageQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Programme",
        "kind": "LinkedField",
        "name": "programme",
        "plural": false,
        "selections": [
          (v0/*:: as any*/),
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
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "email",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "emailConfirmed",
            "storageKey": null
          },
          (v2/*:: as any*/)
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "8cf43b78345abf9f44b357b30480a73b193cb3b703c041eeceb043e971723d67",
    "metadata": {},
    "name": "RegistrationPageQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "49a908f0040070318e67a71774e9cdc3";

export default node;
