/**
 * @generated SignedSource<<092e4edc874581823da174397ba5f25e>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type WebhookEventType = "CUSTOMER_APPROVED" | "CUSTOMER_REGISTERED" | "CUSTOMER_REJECTED" | "EMAIL_FAILED" | "MILESTONE_PAID" | "MILESTONE_READY" | "MILESTONE_REQUESTED" | "PURCHASE_CANCELLED" | "PURCHASE_VERIFIED" | "REFERRAL_ADDED" | "REFERRAL_EXPIRED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminWebhookEndpointRow_endpoint$data = {
  readonly createdAt: string;
  readonly databaseId: number;
  readonly description: string;
  readonly disabledAt: string | null | undefined;
  readonly disabledReason: string | null | undefined;
  readonly enabled: boolean;
  readonly events: ReadonlyArray<WebhookEventType>;
  readonly id: string;
  readonly secretRotatedAt: string | null | undefined;
  readonly url: string;
  readonly " $fragmentType": "AdminWebhookEndpointRow_endpoint";
};
export type AdminWebhookEndpointRow_endpoint$key = {
  readonly " $data"?: AdminWebhookEndpointRow_endpoint$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminWebhookEndpointRow_endpoint">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminWebhookEndpointRow_endpoint",
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
      "name": "url",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "description",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "events",
      "storageKey": null
    },
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
      "name": "disabledReason",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "disabledAt",
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
      "name": "secretRotatedAt",
      "storageKey": null
    }
  ],
  "type": "WebhookEndpoint",
  "abstractKey": null
};

(node as any).hash = "40b36dd8431b68d5723800847ce49bc3";

export default node;
