/**
 * @generated SignedSource<<71b72b26fea52d5ed348e7293baf75c8>>
 * @relayHash 38f09ebb16c699a36d54ca3a6de51115
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 04dd9ea7b0d2858e0cc7edebe87297fddb271f95d02383760b2407c6521336d9

import { ConcreteRequest } from 'relay-runtime';
export type SetProgrammeContactInput = {
  email?: string | null | undefined;
  hours?: string | null | undefined;
  phone?: string | null | undefined;
};
export type ProgrammeSettingDialogsContactMutation$variables = {
  input: SetProgrammeContactInput;
};
export type ProgrammeSettingDialogsContactMutation$data = {
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
export type ProgrammeSettingDialogsContactMutation = {
  response: ProgrammeSettingDialogsContactMutation$data;
  variables: ProgrammeSettingDialogsContactMutation$variables;
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
    "name": "ProgrammeSettingDialogsContactMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "ProgrammeSettingDialogsContactMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "id": "04dd9ea7b0d2858e0cc7edebe87297fddb271f95d02383760b2407c6521336d9",
    "metadata": {},
    "name": "ProgrammeSettingDialogsContactMutation",
    "operationKind": "mutation",
    "text": null
  }
};
})();

(node as any).hash = "a56de5973263d771a62ceaa94ed2b66d";

export default node;
