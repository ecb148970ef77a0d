import { PlaceholderPage } from "../../components/PlaceholderPage.tsx";
import { useViewerSession } from "../../session/viewerSession.ts";

/** PLACEHOLDER until issue 5: the customer web app replaces it; the route's redirects already apply. */
export function HomePage() {
  const viewer = useViewerSession();
  return <PlaceholderPage title="Home" viewer={viewer} comingIn="issue 5: the customer web app" />;
}
