/**
 * @generated SignedSource<<2bc5767a74e001479f06a714ef23d18d>>
 * @relayHash 9cf8fc1e3e92a32d1f684fac0cda8ea1
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID d21dbf98a3b238628f1eda701a4c398c23af9d5465f0e7d232f8fa9b35b1e2e7

import { ConcreteRequest } from 'relay-runtime';
export type SetProgrammeContactInput = {
  email?: string | null | undefined;
  hours?: string | null | undefined;
  phone?: string | null | undefined;
};
export type AdminCreditRatePanelContactMutation$variables = {
  input: SetProgrammeContactInput;
};
export type AdminCreditRatePanelContactMutation$data = {
  readonly setProgrammeContact: {
    readonly __typename: string;
    readonly data?: {
      readonly contactEmail: string | null | undefined;
      readonly contactHours: string | null | undefined;
      readonly contactPhone: string | null | undefined;
      readonly contactPhoneDisplay: string | null | undefined;
    };
    readonly field?: string | null | undefined;
    readonly message?: string;
  };
};
export type AdminCreditRatePanelContactMutation = {
  response: AdminCreditRatePanelContactMutation$data;
  variables: AdminCreditRatePanelContactMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "input"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "input",
        "variableName": "input"
      }
    ],
    "concreteType": null,
    "kind": "LinkedField",
    "name": "setProgrammeContact",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "kind": "ScalarField",
        "name": "__typename",
        "storageKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "concreteType": "Programme",
            "kind": "LinkedField",
            "name": "data",
            "plural": false,
            "selections": [
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
        ],
        "type": "MutationSetProgrammeContactSuccess",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "field",
            "storageKey": null
          }
        ],
        "type": "ValidationError",
        "abstractKey": null
      },
      {
        "kind": "InlineFragment",
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "type": "Error",
        "abstractKey": "__isError"
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
    "name": "AdminCreditRatePanelContactMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "AdminCreditRatePanelContactMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "d21dbf98a3b238628f1eda701a4c398c23af9d5465f0e7d232f8fa9b35b1e2e7",
    "metadata": {},
    "name": "AdminCreditRatePanelContactMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "efc12c94363b549caf30dff24671ed0f";

export default node;
