import { MapPinOff } from "lucide-react";
import { MessagePage } from "../../components/MessagePage.tsx";

export function NotFoundPage() {
  return (
    <MessagePage icon={MapPinOff} title="404 Page Not Found" action={{ label: "Go to the home page", to: "/" }}>
      The page you are looking for does not exist or has moved.
    </MessagePage>
  );
}
