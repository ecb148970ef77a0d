/**
 * @generated SignedSource<<e5956dad60da576b8e37820b65e84957>>
 * @relayHash cd9eca6517b75e49046c3c082de92cd3
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID e5c526415f95634ac080e6778efe3e22aebb0e85f554ffb33d3a648d2a42431d

import { ConcreteRequest } from 'relay-runtime';
export type AdminStaffAttributionQuery$variables = {
  from: string;
  to: string;
};
export type AdminStaffAttributionQuery$data = {
  readonly staffAttributionReport: ReadonlyArray<{
    readonly name: string;
    readonly referrals: number;
    readonly staffUserId: number;
    readonly verifiedPurchases: number;
  }>;
};
export type AdminStaffAttributionQuery = {
  response: AdminStaffAttributionQuery$data;
  variables: AdminStaffAttributionQuery$variables;
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
v1 = [
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
    "concreteType": "StaffAttributionRow",
    "kind": "LinkedField",
    "name": "staffAttributionReport",
    "plural": true,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "staffUserId",
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
        "name": "referrals",
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "verifiedPurchases",
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
    "name": "AdminStaffAttributionQuery",
    "selections": (v1/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminStaffAttributionQuery",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "e5c526415f95634ac080e6778efe3e22aebb0e85f554ffb33d3a648d2a42431d",
    "metadata": {},
    "name": "AdminStaffAttributionQuery",
    "operationKind": "query",
    "text": null
  }
};
})();

(node as any).hash = "e2af734782bfd7c89cbd2d9fd96a2dcf";

export default node;
