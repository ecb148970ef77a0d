import { PlaceholderPage } from "../../components/PlaceholderPage.tsx";
import { useViewerSession } from "../../session/viewerSession.ts";

/** PLACEHOLDER until issue 5: the customer web app replaces it; the route's redirects already apply. */
export function MilestonesPage() {
  const viewer = useViewerSession();
  return <PlaceholderPage title="Milestone Rewards" viewer={viewer} comingIn="issue 5: the customer web app" />;
}
