/**
 * @generated SignedSource<<7eb43000f0bc715700be18c8cc72cf23>>
 * @relayHash 0b3a81cdb6ac8121a2c1551b6b2b6310
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID f8a6fb9fb280caad6e3ad9a6ff8f93204ce3dd010b820f1966c763ad27dc6baf

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type SecondFactorSectionQuery$variables = Record<PropertyKey, never>;
export type SecondFactorSectionQuery$data = {
  readonly secondFactor: {
    readonly enabled: boolean;
    readonly enabledAt: string | null | undefined;
    readonly mustEnrol: boolean;
    readonly recoveryCodesLeft: number;
    readonly required: boolean;
  };
  readonly viewer: {
    readonly " $fragmentSpreads": FragmentRefs<"viewerSession_user">;
  } | null | undefined;
};
export type SecondFactorSectionQuery = {
  response: SecondFactorSectionQuery$data;
  variables: SecondFactorSectionQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "id",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "databaseId",
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
    "name": "firstName",
    "storageKey": null
  },
  {
    "alias": null,
    "args": null,
    "kind": "ScalarField",
    "name": "lastName",
    "storageKey": null
  },
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
    "name": "mustEnrolSecondFactor",
    "storageKey": null
  }
],
v1 = {
  "alias": null,
  "args": null,
  "concreteType": "SecondFactorStatus",
  "kind": "LinkedField",
  "name": "secondFactor",
  "plural": false,
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "enabled",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "enabledAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "recoveryCodesLeft",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "required",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "mustEnrol",
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
    "name": "SecondFactorSectionQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": [
          {
            "kind": "InlineDataFragmentSpread",
            "name": "viewerSession_user",
            "selections": (v0/*:: as any*/),
            "args": null,
            "argumentDefinitions": []
          }
        ],
        "storageKey": null
      },
      (v1/*:: as any*/)
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "SecondFactorSectionQuery",
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "viewer",
        "plural": false,
        "selections": (v0/*:: as any*/),
        "storageKey": null
      },
      (v1/*:: as any*/)
    ]
  },
  "params": {
    "id": "f8a6fb9fb280caad6e3ad9a6ff8f93204ce3dd010b820f1966c763ad27dc6baf",
    "metadata": {},
    "name": "SecondFactorSectionQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "ad0740906e06c9edd14aa57beab2bfeb";

export default node;
