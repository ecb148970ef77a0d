import { PlaceholderPage } from "../../components/PlaceholderPage.tsx";
import { useViewerSession } from "../../session/viewerSession.ts";

/** PLACEHOLDER until issue 5: the customer web app replaces it; the route's redirects already apply. */
export function RegistrationPage() {
  const viewer = useViewerSession();
  return <PlaceholderPage title="Complete Registration" viewer={viewer} comingIn="issue 5: the customer web app" />;
}
