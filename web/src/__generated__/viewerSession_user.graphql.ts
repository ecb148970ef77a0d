/**
 * @generated SignedSource<<1f2f8f423725f0ab7c0a89cc74530d0c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderInlineDataFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type viewerSession_user$data = {
  readonly databaseId: number;
  readonly firstName: string | null | undefined;
  readonly id: string;
  readonly isAdmin: boolean;
  readonly lastName: string | null | undefined;
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

(node as any).hash = "5505abcf15a9e98e9c5812cc6dbf859f";

export default node;
