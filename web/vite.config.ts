import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { bootScript } from "./build/bootScript.ts";
import { CHUNK_GROUPS, inlineRuntime } from "./build/chunkGroups.ts";
import { relayTransform } from "./build/relayTransform.ts";

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  plugins: [
    relayTransform(),
    react(),
    bootScript(),
    inlineRuntime(),
    // A .br and a .gz copy of every text file, made once per build at the highest levels, for
    // api/src/http/compression.ts to send. Images and fonts are compressed already; a copy that
    // would not be smaller is not written.
    compression({
      include: /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/,
      exclude: /^\.vite\//,
      // Brotli at quality 11 and gzip at level 9: the plugin's defaults, the highest levels.
      algorithms: ["brotliCompress", "gzip"],
    }),
  ],
  build: {
    outDir: path.resolve(import.meta.dirname, "dist"),
    emptyOutDir: true,
    // web/scripts/reportBundleSize.ts reads it to weigh the landing page's initial JavaScript.
    manifest: true,
    // Few, larger chunks: web/build/chunkGroups.ts.
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: { proxy: { "/graphql": "http://localhost:3000", "/api": "http://localhost:3000" } },
});
