/**
 * @generated SignedSource<<77a582e78f4a178bf22b1c6db0bb6aa7>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type viewerSessionQuery$variables = Record<PropertyKey, never>;
export type viewerSessionQuery$data = {
  readonly viewer: {
    readonly " $fragmentSpreads": FragmentRefs<"viewerSession_user">;
  } | null | undefined;
};
export type viewerSessionQuery = {
  response: viewerSessionQuery$data;
  variables: viewerSessionQuery$variables;
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
    "name": "isAdmin",
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "viewerSessionQuery",
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
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "viewerSessionQuery",
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
      }
    ]
  },
  "params": {
    "cacheID": "3ad26724e10669bc18a8b3912ff543df",
    "id": null,
    "metadata": {},
    "name": "viewerSessionQuery",
    "operationKind": "query",
    "text": "query viewerSessionQuery {\n  viewer {\n    ...viewerSession_user\n    id\n  }\n}\n\nfragment viewerSession_user on User {\n  id\n  databaseId\n  username\n  firstName\n  lastName\n  isAdmin\n}\n"
  }
};
})();

(node as any).hash = "2c24bf80bb117234437a7aff2ade0832";

export default node;
