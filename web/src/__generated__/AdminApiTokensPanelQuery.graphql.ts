/**
 * @generated SignedSource<<e3d8aa5715dafc0dcdcac8f7de536d22>>
 * @relayHash 14fa156837cf92f3fbd8786d519498c5
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ca2efbce92dc68763623e6cf30ac829c89b54b00bfa6ffc99a5d1519bc9a53b6

import { ConcreteRequest } from 'relay-runtime';
export type ApiTokenScope = "ADMIN" | "PURCHASES_WRITE" | "READ" | "%future added value";
export type AdminApiTokensPanelQuery$variables = Record<PropertyKey, never>;
export type AdminApiTokensPanelQuery$data = {
  readonly apiTokens: ReadonlyArray<{
    readonly createdAt: string;
    readonly databaseId: number;
    readonly expiresAt: string | null | undefined;
    readonly id: string;
    readonly lastUsedAt: string | null | undefined;
    readonly lastUsedIp: string | null | undefined;
    readonly name: string;
    readonly revokedAt: string | null | undefined;
    readonly scopes: ReadonlyArray<ApiTokenScope>;
  }>;
};
export type AdminApiTokensPanelQuery = {
  response: AdminApiTokensPanelQuery$data;
  variables: AdminApiTokensPanelQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "alias": null,
    "args": null,
    "concreteType": "ApiToken",
    "kind": "LinkedField",
    "name": "apiTokens",
    "plural": true,
    "selections": [
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
        "name": "name",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "scopes",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "createdAt",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "expiresAt",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "revokedAt",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "lastUsedAt",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "lastUsedIp",
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
    "name": "AdminApiTokensPanelQuery",
    "selections": (v0/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "AdminApiTokensPanelQuery",
    "selections": (v0/*:: as any*/)
  },
  "params": {
    "id": "ca2efbce92dc68763623e6cf30ac829c89b54b00bfa6ffc99a5d1519bc9a53b6",
    "metadata": {},
    "name": "AdminApiTokensPanelQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "eb1e3f8e4b3a0884f202a427932ea305";

export default node;
