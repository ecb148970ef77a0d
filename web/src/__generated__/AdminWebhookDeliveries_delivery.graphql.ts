/**
 * @generated SignedSource<<117ad753b867ff341f676ebdfb494228>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
export type WebhookDeliveryStatus = "FAILED" | "PENDING" | "SUCCEEDED" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type AdminWebhookDeliveries_delivery$data = {
  readonly attempts: number;
  readonly createdAt: string;
  readonly databaseId: number;
  readonly deliveredAt: string | null | undefined;
  readonly durationMs: number | null | undefined;
  readonly eventId: string;
  readonly eventType: string;
  readonly id: string;
  readonly lastError: string | null | undefined;
  readonly nextAttemptAt: string | null | undefined;
  readonly responseStatus: number | null | undefined;
  readonly status: WebhookDeliveryStatus;
  readonly " $fragmentType": "AdminWebhookDeliveries_delivery";
};
export type AdminWebhookDeliveries_delivery$key = {
  readonly " $data"?: AdminWebhookDeliveries_delivery$data;
  readonly " $fragmentSpreads": FragmentRefs<"AdminWebhookDeliveries_delivery">;
};

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": null,
  "name": "AdminWebhookDeliveries_delivery",
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
      "name": "eventType",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "eventId",
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
      "name": "responseStatus",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "durationMs",
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
      "name": "createdAt",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "deliveredAt",
      "storageKey": null
    }
  ],
  "type": "WebhookDelivery",
  "abstractKey": null
};

(node as any).hash = "762d19f2136061c15e5fbf8bcbce5efd";

export default node;
