// The layer rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
const DOMAINS = "account|analytics|apiTokens|audit|auth|customers|demo|emails|milestones|privacy|referrals|secondFactor|settings|webhooks";
const BUSINESS_DOMAINS = "analytics|customers|milestones|privacy|referrals|settings";
/** Modules that wire every domain together: they may import any domain's schema and REST parts. */
const COMPOSITION_ROOTS = [
  "^api/src/graphql/schema\\.ts$",
  "^api/src/rest/routes\\.ts$",
  "^api/src/graphql/requestContext\\.ts$",
  "^api/src/app\\.ts$",
  "^api/src/main\\.ts$",
  "^api/src/cli/",
  "^api/src/jobs/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "db-lib-import-no-domain",
      comment: "db/ and lib/ are below every domain: they import no domain and nothing from graphql/, rest/ or http/.",
      severity: "error",
      from: { path: "^api/src/(db|lib)/" },
      to: { path: `^api/src/(${DOMAINS}|graphql|rest|http|cli)/` },
    },
    {
      name: "auth-imports-no-business-domain",
      comment: "auth/ knows users and sessions only; audit and emails are shared services any domain may use.",
      severity: "error",
      from: { path: "^api/src/auth/" },
      to: { path: `^api/src/(${BUSINESS_DOMAINS})/` },
    },
    {
      name: "context-is-a-leaf",
      comment: "Context, Viewer and AppDeps (graphql/context.ts) import no domain; createContext wires them.",
      severity: "error",
      from: { path: "^api/src/graphql/context\\.ts$" },
      to: { path: "^api/src/", pathNot: "^api/src/(db|lib|generated)/|^api/src/config\\.ts$" },
    },
    {
      name: "domain-through-public-module",
      comment:
        "Another domain is used only through its index.ts (its service operations and the types others need); composition roots wire its schema and REST files.",
      severity: "error",
      from: { path: "^api/src/([^/]+)/", pathNot: COMPOSITION_ROOTS },
      to: {
        path: `^api/src/(${DOMAINS})/`,
        pathNot: ["^api/src/$1/", "^api/src/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "examples-stand-alone",
      comment:
        "examples/ is copied by outside developers: it imports nothing of ours and no package but standardwebhooks (its tests may use api/test).",
      severity: "error",
      from: { path: "^examples/" },
      to: { path: "^(api|web|e2e|bench)/|^node_modules/", pathNot: "^node_modules/standardwebhooks/" },
    },
    {
      name: "no-cycles",
      comment: "No import cycles, type-only imports included.",
      severity: "error",
      from: { path: "^(api/src|examples)/" },
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "Every relative import resolves, so the rules above see the whole graph.",
      severity: "error",
      from: { path: "^(api/src|examples)/" },
      to: { couldNotResolve: true, path: "^\\." },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.test\\.ts$", "^api/src/generated/"] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
