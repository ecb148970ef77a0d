// The layer rules of docs/architecture.md, checked by `npm run deps` (part of `npm test`).
const DOMAINS =
  "account|analytics|apiTokens|audit|auth|customers|demo|emails|fraud|idempotency|milestones|privacy|referrals|roles|secondFactor|settings|shareLinks|staff|webhooks";
/** The layers below the domains: they import no domain; compose/ passes in what they need of one. */
const INFRASTRUCTURE = "graphql|rest|http|jobs|db|lib";
const BUSINESS_DOMAINS = "analytics|customers|milestones|privacy|referrals|settings";
/**
 * compose/ is the composition root: the one folder that wires every domain's schema, REST, job and
 * request-context parts together and hands them to the transport. The entry points (main.ts and
 * the cli/ commands) run domain operations through the domains' index.ts and start what compose/ built.
 */
const COMPOSITION_ROOT = "^api/src/compose/";
/** compose/ and the cli/ commands, each of which runs one domain operation (an entry point, as main.ts is). */
const ENTRY_POINTS = `${COMPOSITION_ROOT}|^api/src/cli/`;
/**
 * Transport code a domain's rules must not load: its schema and REST files, the Pothos builder and
 * the types built on it, Yoga, the REST shim, the server and compose/ (graphql/'s other modules,
 * such as context.ts, pager.ts and globalIds.ts, load none of these and stay usable).
 */
const TRANSPORT = [
  "^api/src/[^/]+/[A-Za-z]*([sS]chema|[rR]estRoutes)\\.ts$",
  "^api/src/graphql/(builder|commonTypes|yoga)\\.ts$",
  "^api/src/(rest|http|compose)/",
  "(^|/)node_modules/(@pothos|graphql-yoga|@graphql-yoga)/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "infrastructure-imports-no-domain",
      comment:
        "graphql/, rest/, http/, jobs/, db/ and lib/ are below every domain: they import none (compose/ passes in what they need).",
      severity: "error",
      from: { path: `^api/src/(${INFRASTRUCTURE})/` },
      to: { path: `^api/src/(${DOMAINS}|compose|cli)/|^api/src/(main|app)\\.ts$` },
    },
    {
      name: "db-lib-import-no-transport",
      comment: "db/ and lib/ are below the transport too: nothing from graphql/, rest/, http/ or jobs/.",
      severity: "error",
      from: { path: "^api/src/(db|lib)/" },
      to: { path: "^api/src/(graphql|rest|http|jobs)/" },
    },
    {
      name: "compose-is-the-only-root",
      comment:
        "Only the entry points (main.ts, cli/) import compose/; a domain or a layer below that reached it would wire itself.",
      severity: "error",
      from: { path: "^api/src/", pathNot: `${COMPOSITION_ROOT}|^api/src/main\\.ts$|^api/src/cli/` },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: "domain-index-loads-no-transport",
      comment:
        "A domain's index.ts exports its services and types: importing it loads no schema, REST or Pothos module, however indirectly (GraphQL refs others extend live in its types.ts).",
      severity: "error",
      from: { path: `^api/src/(${DOMAINS})/index\\.ts$` },
      to: { reachable: true, path: TRANSPORT },
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
      comment: "Context, Viewer and AppDeps (graphql/context.ts) import no domain; compose/ wires them.",
      severity: "error",
      from: { path: "^api/src/graphql/context\\.ts$" },
      to: { path: "^api/src/", pathNot: "^api/src/(db|lib|generated)/|^api/src/config\\.ts$" },
    },
    {
      name: "domain-through-public-module",
      comment:
        "Another domain is used only through its index.ts (its services) or its types.ts (the GraphQL refs others extend); compose/ wires its schema, REST and job files, and a cli/ command calls the one operation it runs.",
      severity: "error",
      from: { path: "^api/src/([^/]+)/", pathNot: ENTRY_POINTS },
      to: {
        path: `^api/src/(${DOMAINS})/`,
        pathNot: ["^api/src/$1/", "^api/src/[^/]+/(index|types)\\.ts$"],
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
