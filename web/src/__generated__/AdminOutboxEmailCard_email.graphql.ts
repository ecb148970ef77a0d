/**
 * @generated SignedSource<<a3c1d3aeb9a2455a405600890af95f61>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type EmailStatus = "FAILED" | "PENDING" | "SENT" | "%future added value";
export type EmailType = "ACCOUNT_REJECTION" | "ACCOUNT_VERIFICATION" | "CREDITS_EARNED" | "EMAIL_CHANGE_CONFIRMATION" | "EMAIL_CHANGE_NOTICE" | "EMAIL_CONFIRMATION" | "MILESTONE_ACHIEVEMENT" | "MILESTONE_PAID" | "NEW_REFERRAL_ALERT" | "PASSWORD_CHANGED" | "PASSWORD_RESET" | "PURCHASE_CANCELLED" | "REFERRAL_EXPIRED" | "REFERRAL_EXPIRY_WARNING" | "REGISTRATION_CONFIRMATION" | "SECOND_FACTOR_CHANGED" | "SHARE_LINK_FRIEND_CONFIRMATION" | "STAFF_INVITATION" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminOutboxEmailCard_email$data = {
  readonly attempts: number;
  readonly createdAt: string;
  readonly id: string;
  readonly lastError: string | null | undefined;
  readonly nextAttemptAt: string;
  readonly sentAt: string | null | undefined;
  readonly status: EmailStatus;
  readonly subject: string;
  readonly toAddress: string;
  readonly type: EmailType;
  readonly " $fragmentType": "AdminOutboxEmailCard_email";
};
export type AdminOutboxEmailCard_email$key = {
  readonly " $data"?: AdminOutboxEmailCard_email$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminOutboxEmailCard_email">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminOutboxEmailCard_email",
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
      "name": "type",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "toAddress",
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
      "name": "nextAttemptAt",
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
    }
  ],
  "type": "OutboxEmail",
  "abstractKey": null
};

(node as any).hash = "ed7cb68f6af32da845dad91cce17dfd6";

export default node;
