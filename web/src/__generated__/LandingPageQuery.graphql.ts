/**
 * @generated SignedSource<<958f43c7537d1003252ffccadbc52cdd>>
 * @relayHash 53030ef9b4fac8fd8a52b3738df0d15f
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 3d6e25dfa20f0f6edd9080c84b691875b6d74904842414647ef45da7fe052b6c

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type LandingPageQuery$variables = Record<PropertyKey, never>;
export type LandingPageQuery$data = {
  readonly programme: {
    readonly " $fragmentSpreads": FragmentRefs<"CreditFeatureCard_programme" | "SignInDialog_programme">;
  };
};
export type LandingPageQuery = {
  response: LandingPageQuery$data;
  variables: LandingPageQuery$variables;
};

const node: ConcreteRequest = {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "LandingPageQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Programme",
        "kind": "LinkedField",
        "name": "programme",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "CreditFeatureCard_programme"
          },
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "SignInDialog_programme"
          }
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
    "name": "LandingPageQuery",
    "selections": [
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
            "name": "creditRatePercent",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "creditPerPound",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "demoMode",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "concreteType": "DemoAccount",
            "kind": "LinkedField",
            "name": "demoAccounts",
            "plural": true,
            "selections": [
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "role",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "username",
                "storageKey": null
              },
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "password",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "id": "3d6e25dfa20f0f6edd9080c84b691875b6d74904842414647ef45da7fe052b6c",
    "metadata": {},
    "name": "LandingPageQuery",
    "operationKind": "query",
    "text": null
  }
};

(node as any).hash = "7784056a9b569b5cde99f148fccd6552";

export default node;
