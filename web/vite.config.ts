import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  plugins: [react()],
  build: { outDir: path.resolve(import.meta.dirname, "dist"), emptyOutDir: true },
  server: { proxy: { "/graphql": "http://localhost:3000", "/api": "http://localhost:3000" } },
});
