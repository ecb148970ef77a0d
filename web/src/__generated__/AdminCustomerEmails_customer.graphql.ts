/**
 * @generated SignedSource<<7bfb39cba1644afee5178b20c6efc0dd>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type EmailStatus = "FAILED" | "PENDING" | "SENT" | "%future added value";
export type EmailType = "ACCOUNT_REJECTION" | "ACCOUNT_VERIFICATION" | "CREDITS_EARNED" | "EMAIL_CHANGE_CONFIRMATION" | "EMAIL_CHANGE_NOTICE" | "EMAIL_CONFIRMATION" | "MILESTONE_ACHIEVEMENT" | "MILESTONE_PAID" | "NEW_REFERRAL_ALERT" | "PASSWORD_CHANGED" | "PASSWORD_RESET" | "PURCHASE_CANCELLED" | "REFERRAL_EXPIRED" | "REFERRAL_EXPIRY_WARNING" | "REGISTRATION_CONFIRMATION" | "SECOND_FACTOR_CHANGED" | "SHARE_LINK_FRIEND_CONFIRMATION" | "STAFF_INVITATION" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminCustomerEmails_customer$data = {
  readonly emails: {
    readonly edges: ReadonlyArray<{
      readonly node: {
        readonly attempts: number;
        readonly createdAt: string;
        readonly databaseId: number;
        readonly lastError: string | null | undefined;
        readonly sentAt: string | null | undefined;
        readonly status: EmailStatus;
        readonly subject: string;
        readonly type: EmailType;
      };
    }>;
  };
  readonly id: string;
  readonly " $fragmentType": "AdminCustomerEmails_customer";
};
export type AdminCustomerEmails_customer$key = {
  readonly " $data"?: AdminCustomerEmails_customer$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminCustomerEmails_customer">;
};

import AdminCustomerEmailsPaginationQuery_graphql from './AdminCustomerEmailsPaginationQuery.graphql';

const node: ReaderFragment = (function(){
var v0 = [
  "emails"
];
return {
  "argumentDefinitions": [
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "count"
    },
    {
      "defaultValue": null,
      "kind": "LocalArgument",
      "name": "cursor"
    }
  ],
  "kind": "Fragment",
  "metadata": {
    "connection": [
      {
        "count": "count",
        "cursor": "cursor",
        "direction": "forward",
        "path": (v0/*:: as any*/)
      }
    ],
    "refetch": {
      "connection": {
        "forward": {
          "count": "count",
          "cursor": "cursor"
        },
        "backward": null,
        "path": (v0/*:: as any*/)
      },
      "fragmentPathInResult": [
        "node"
      ],
      "operation": AdminCustomerEmailsPaginationQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "AdminCustomerEmails_customer",
  "selections": [
    {
      "alias": "emails",
      "args": null,
      "concreteType": "CustomerEmailsConnection",
      "kind": "LinkedField",
      "name": "__AdminCustomerEmails_emails_connection",
      "plural": false,
      "selections": [
        {
          "alias": null,
          "args": null,
          "concreteType": "CustomerEmailsConnectionEdge",
          "kind": "LinkedField",
          "name": "edges",
          "plural": true,
          "selections": [
            {
              "alias": null,
              "args": null,
              "concreteType": "OutboxEmail",
              "kind": "LinkedField",
              "name": "node",
              "plural": false,
              "selections": [
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
                  "name": "type",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "subject",
                  "storageKey": null
                },
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
                  "name": "attempts",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "lastError",
                  "storageKey": null
                },
                {
                  "alias": null,
                  "args": null,
                  "kind": "ScalarField",
                  "name": "sentAt",
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
                  "name": "__typename",
                  "storageKey": null
                }
              ],
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "cursor",
              "storageKey": null
            }
          ],
          "storageKey": null
        },
        {
          "alias": null,
          "args": null,
          "concreteType": "PageInfo",
          "kind": "LinkedField",
          "name": "pageInfo",
          "plural": false,
          "selections": [
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "endCursor",
              "storageKey": null
            },
            {
              "alias": null,
              "args": null,
              "kind": "ScalarField",
              "name": "hasNextPage",
              "storageKey": null
            }
          ],
          "storageKey": null
        }
      ],
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    }
  ],
  "type": "Customer",
  "abstractKey": null
};
})();

(node as any).hash = "16a77cf6fc89f33ddbb0d336b9d5a0d5";

export default node;
