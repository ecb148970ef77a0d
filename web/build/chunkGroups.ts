// Few, larger chunks (docs/performance.md, "The web app"). Left to itself the bundler makes a chunk
// for each set of pages that share a module: the landing page's first load was 23 chunks, ten of
// them under a kilobyte, each a request a phone waits on. So:
// - `shared`: what the entry loads that the pages share too (React, Relay, Chakra's core) is one
//   chunk beside the entry;
// - `landing-ui`: the components the landing page uses beyond those (its cards, badges, icons,
//   the brand mark) are one chunk, which other pages using the same components load too;
// - the bundler's runtime helpers (under a kilobyte, used by every chunk) are copied into each
//   chunk instead of being a request of their own (`inlineRuntime`).
// Other pages keep the bundler's own splitting.
import type { Plugin } from "vite";

type CodeSplittingGroup = {
  name: string;
  test?: RegExp | ((id: string) => boolean);
  tags?: "$initial"[];
  minShareCount?: number;
  priority?: number;
};

/** What web/src/pages/landing/LandingPage.tsx uses beyond the entry's modules; e2e/prerender.spec.ts fails on a chunk under 1 KB. */
const LANDING_UI =
  /[\\/]node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](components[\\/](badge|card|container|simple-grid|icon|heading|stack|text)[\\/]|styled-system[\\/]create-slot-recipe-context)|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-right|badge-check|coins|trending-up|gift)\.mjs)|[\\/]src[\\/](components[\\/](BrandMark|PageContainer)|lib[\\/](useHydrated|firstInteraction))\./;

export const CHUNK_GROUPS: CodeSplittingGroup[] = [
  { name: "shared", tags: ["$initial"], minShareCount: 2, priority: 2 },
  { name: "landing-ui", test: LANDING_UI, priority: 1 },
];

const RUNTIME_CHUNK = /^assets\/rolldown-runtime-[\w-]+\.js$/;

/**
 * Copies the runtime chunk's helpers into every chunk that imports them, each chunk's copy in a
 * function scope of its own (the helpers keep no state, so copies behave as the shared one did),
 * and drops the chunk from the bundle before the manifest and the entry's preloads are written.
 */
export function inlineRuntime(): Plugin {
  return {
    name: "hng-inline-runtime",
    apply: "build",
    enforce: "pre",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const runtimeName = Object.keys(bundle).find((name) => RUNTIME_CHUNK.test(name));
        const runtime = runtimeName ? bundle[runtimeName] : undefined;
        if (!runtimeName || !runtime || runtime.type !== "chunk") return;
        const exported = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
        if (!exported) this.error(`${runtimeName} does not end with the export list this plugin reads`);
        // `u as i` exports local `u` as `i`.
        const locals = exported[1]!.split(",").map((entry) => {
          const [local, name = local] = entry.trim().split(/\s+as\s+/);
          return `${name}:${local}`;
        });
        const body = `(()=>{${runtime.code.slice(0, exported.index)}return{${locals.join(",")}}})()`;
        const file = runtimeName.slice("assets/".length).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        const importStatement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*"\\./${file}";?`);
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || chunk === runtime || !chunk.imports.includes(runtimeName)) continue;
          const imported = importStatement.exec(chunk.code);
          if (!imported) this.error(`${chunk.fileName} imports ${runtimeName} in a form this plugin does not read`);
          const bindings = imported[1]!.split(",").map((entry) => {
            const [name, local = name] = entry.trim().split(/\s+as\s+/);
            return `${name}:${local}`;
          });
          chunk.code = `${chunk.code.slice(0, imported.index)}const{${bindings.join(",")}}=${body};${chunk.code.slice(imported.index + imported[0].length)}`;
          chunk.imports = chunk.imports.filter((name) => name !== runtimeName);
        }
        delete bundle[runtimeName];
      },
    },
  };
}
