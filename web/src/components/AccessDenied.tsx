import { ShieldX } from "lucide-react";
import { MessagePage } from "./MessagePage.tsx";

/** What a signed-in non-administrator sees on an admin page (the server refuses the data anyway). */
export function AccessDenied() {
  return (
    <MessagePage icon={ShieldX} title="Access Denied" tone="red" action={{ label: "Back to Home", to: "/home" }}>
      You need administrator access to view this page.
    </MessagePage>
  );
}
