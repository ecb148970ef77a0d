import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { relayTransform } from "./build/relayTransform.ts";

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  plugins: [relayTransform(), react()],
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    // web/scripts/reportBundleSize.ts reads it to weigh the landing page's initial JavaScript.
    manifest: true,
  },
  server: { proxy: { "/graphql": "http://localhost:3000", "/api": "http://localhost:3000" } },
});
