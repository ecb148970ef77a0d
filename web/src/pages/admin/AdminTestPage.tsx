import { PlaceholderPage } from "../../components/PlaceholderPage.tsx";
import { useViewerSession } from "../../session/viewerSession.ts";

/** PLACEHOLDER until issue 6: the admin web app replaces it; the route's redirects already apply. */
export function AdminTestPage() {
  const viewer = useViewerSession();
  return <PlaceholderPage title="Admin Test" viewer={viewer} comingIn="issue 6: the admin web app" wide />;
}
