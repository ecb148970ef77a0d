/**
 * @generated SignedSource<<9df454fa27d221052c94a929b2735e80>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderInlineDataFragment } from 'relay-runtime';
export type Role = "ADMIN" | "CUSTOMER" | "STAFF" | "%future added value";
import { FragmentRefs } from "relay-runtime";
export type viewerSession_user$data = {
  readonly databaseId: number;
  readonly firstName: string | null | undefined;
  readonly id: string;
  readonly lastName: string | null | undefined;
  readonly mustEnrolSecondFactor: boolean;
  readonly role: Role;
  readonly username: string;
  readonly " $fragmentType": "viewerSession_user";
};
export type viewerSession_user$key = {
  readonly " $data"?: viewerSession_user$data;
  readonly " $fragmentSpreads": FragmentRefs<"viewerSession_user">;
};

const node: ReaderInlineDataFragment = {
  "kind": "InlineDataFragment",
  "name": "viewerSession_user"
};

(node as any).hash = "0351d614c73e60a52c756333688fce76";

export default node;
