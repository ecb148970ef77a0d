import { useLazyLoadQuery } from "react-relay/hooks";
import { graphql, type RecordProxy, type RecordSourceSelectorProxy, readInlineData } from "relay-runtime";
import type { viewerSession_user$data, viewerSession_user$key } from "../__generated__/viewerSession_user.graphql.ts";
import type { viewerSessionQuery } from "../__generated__/viewerSessionQuery.graphql.ts";

/**
 * What the routes need to know about the signed-in user. Sign-in and registration spread this
 * fragment into their results, so after either the session is answered from the store.
 */
const viewerFragment = graphql`
  fragment viewerSession_user on User @inline {
    id
    databaseId
    username
    firstName
    lastName
    role
    mustEnrolSecondFactor
  }
`;

export const ViewerSessionQuery = graphql`
  query viewerSessionQuery {
    viewer {
      ...viewerSession_user
    }
  }
`;

export type SessionViewer = viewerSession_user$data;

/**
 * The signed-in user or null. Suspends while the session loads the first time (the app shows
 * its full-page 'Loading...' then); afterwards it answers from the store and follows updates.
 */
export function useViewerSession(): SessionViewer | null {
  const data = useLazyLoadQuery<viewerSessionQuery>(ViewerSessionQuery, {}, { fetchPolicy: "store-or-network" });
  return readSessionViewer(data.viewer ?? null);
}

export function readSessionViewer(ref: viewerSession_user$key | null): SessionViewer | null {
  return ref ? readInlineData(viewerFragment, ref) : null;
}

/** Points the root `viewer` field at the user a mutation returned, or at nobody. */
export function setSessionViewer(store: RecordSourceSelectorProxy, user: RecordProxy | null): void {
  const root = store.getRoot();
  if (user) root.setLinkedRecord(user, "viewer");
  else root.setValue(null, "viewer");
}

/** Where a signed-in user's pages start (docs/rules/roles.md, "The pages"): administrators /admin, staff /staff, customers /home. */
export function homePathOf(viewer: Pick<SessionViewer, "role">): "/admin" | "/staff" | "/home" {
  if (viewer.role === "ADMIN") return "/admin";
  if (viewer.role === "STAFF") return "/staff";
  return "/home";
}

/** The name the app greets a user by (docs/rules/web-app.md: first name, else 'Customer'). */
export function displayName(viewer: Pick<SessionViewer, "firstName"> | null): string {
  return viewer?.firstName?.trim() || "Customer";
}
