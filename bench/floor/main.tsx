import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { FloorApp } from "./App.tsx";

const root = document.getElementById("root");
// As web/src/main.tsx hydrates a prerendered page: inside a transition.
if (root) startTransition(() => void hydrateRoot(root, <FloorApp />));
