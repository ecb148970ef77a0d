import { createRequire } from "node:module";
import path from "node:path";
import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const relayBabelPlugin = require("babel-plugin-relay");

/** Where relay.config.js tells relay-compiler to write its artifacts. */
export const RELAY_ARTIFACT_DIRECTORY = path.resolve(import.meta.dirname, "../src/__generated__");

/**
 * Replaces each graphql`...` tag with an import of the artifact relay-compiler generated for it.
 * @vitejs/plugin-react 6 no longer runs Babel and @rolldown/plugin-babel needs Node 22, so this
 * plugin runs babel-plugin-relay alone, and only on files that contain a graphql tag.
 */
export function relayTransform(): Plugin {
  return {
    name: "hng:relay-graphql-tags",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (file.includes("/node_modules/") || !/\.[cm]?[jt]sx?$/.test(file) || !code.includes("graphql`")) return null;
      const isJsx = /\.[jt]sx$/.test(file);
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: isJsx ? ["jsx", "typescript"] : ["typescript"] },
        plugins: [[relayBabelPlugin, { artifactDirectory: RELAY_ARTIFACT_DIRECTORY, eagerEsModules: true }]],
      });
      if (!result?.code) return null;
      return { code: result.code, map: result.map ?? null };
    },
  };
}
