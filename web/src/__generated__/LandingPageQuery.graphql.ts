/**
 * @generated SignedSource<<c744dd8cc90f64f1005b824d4bf21c09>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

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
    "cacheID": "53030ef9b4fac8fd8a52b3738df0d15f",
    "id": null,
    "metadata": {},
    "name": "LandingPageQuery",
    "operationKind": "query",
    "text": "query LandingPageQuery {\n  programme {\n    ...CreditFeatureCard_programme\n    ...SignInDialog_programme\n  }\n}\n\nfragment CreditFeatureCard_programme on Programme {\n  creditRatePercent\n  creditPerPound\n}\n\nfragment DemoAccountsHint_programme on Programme {\n  demoMode\n  demoAccounts {\n    role\n    username\n    password\n  }\n}\n\nfragment SignInDialog_programme on Programme {\n  ...DemoAccountsHint_programme\n}\n"
  }
};

(node as any).hash = "7784056a9b569b5cde99f148fccd6552";

export default node;
