/**
 * @generated SignedSource<<71d75df600eae131d3e915befb34bfaf>>
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
  readonly mustEnrolSecondFactor: boolean;
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

(node as any).hash = "e0552a26dd186aa9e2e1a438b0337156";

export default node;
