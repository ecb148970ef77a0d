// The analytics domain's public module: what other domains use of it. Outside analytics/, compose/ imports its other files
// (.dependency-cruiser.mjs). It exports services and plain types: no schema or REST module loads from here.
export { reportCatalogue } from "./reports.ts";
export { foldAnalyticsDeltas, rebuildAnalyticsSummaries } from "./summaries.ts";
