/**
 * @generated SignedSource<<1efef355e99f07b326e9edcbd4ee73b3>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type CustomerStatus = "PENDING" | "REJECTED" | "VERIFIED" | "%future added value";
export type RegistrationPageQuery$variables = Record<PropertyKey, never>;
export type RegistrationPageQuery$data = {
  readonly programme: {
    readonly creditRatePercent: string;
    readonly " $fragmentSpreads": FragmentRefs<"HowItWorksBox_programme">;
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
    "cacheID": "517fb708195f6e81387096c4ecbad075",
    "id": null,
    "metadata": {},
    "name": "RegistrationPageQuery",
    "operationKind": "query",
    "text": "query RegistrationPageQuery {\n  programme {\n    creditRatePercent\n    ...HowItWorksBox_programme\n  }\n  viewer {\n    id\n    ...EmailConfirmationNotice_user\n    customer {\n      id\n      status\n      rejectionReason\n      postcode\n      contractNumber\n      originalPurchaseAmount {\n        pounds\n      }\n    }\n  }\n}\n\nfragment EmailConfirmationNotice_user on User {\n  email\n  emailConfirmed\n}\n\nfragment HowItWorksBox_programme on Programme {\n  creditRatePercent\n  creditRateBasisPoints\n}\n"
  }
};
})();

(node as any).hash = "3ee5e10a2f0da1bdb200f0209d19846c";

export default node;
