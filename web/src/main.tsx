import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// Placeholder until the customer web app lands: it shows the product name and the demo hint.
function App() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 480, margin: "4rem auto", padding: "0 1rem" }}>
      <h1>Earn Rewards for Every Referral</h1>
      <p>The HNG Referral Scheme web app is on its way. The API is served at /graphql and /api.</p>
    </main>
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
