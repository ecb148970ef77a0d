import { defineConfig } from "vitest/config";
import { relayTransform } from "./web/build/relayTransform.ts";

export default defineConfig({
  // Node loads graphql's CommonJS build for the Pothos and Yoga packages; Vite would otherwise
  // give our files the ESM build, and graphql refuses to mix the two.
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  // The web app's graphql`...` tags become imports of relay-compiler's artifacts, as in the build.
  plugins: [relayTransform()],
  test: {
    include: ["api/**/*.test.ts", "bench/**/*.test.ts", "web/src/**/*.test.{ts,tsx}", "examples/**/*.test.ts"],
    globalSetup: ["api/test/globalSetup.ts"],
    // A focused test (it.only) would silently skip the rest: refused everywhere, not only on CI.
    allowOnly: false,
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: "test" },
  },
});
