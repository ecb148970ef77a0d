/**
 * @generated SignedSource<<ff94f125c941c08aff6018a4adf5fd95>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderInlineDataFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type viewerSession_user$data = {
  readonly databaseId: number;
  readonly email: string;
  readonly emailConfirmed: boolean;
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

(node as any).hash = "0baec9bde37eb7123f318136765db803";

export default node;
