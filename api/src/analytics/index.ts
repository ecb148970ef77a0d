// The analytics domain's public module: what other domains use of it. Outside analytics/, only the composition
// roots (graphql/schema.ts, rest/routes.ts, ...) import its other files (.dependency-cruiser.mjs).
export { downloadReport, REPORT_FORMATS } from "./reportDownload.ts";
export { reportCatalogue } from "./reports.ts";
export { foldAnalyticsDeltas, rebuildAnalyticsSummaries } from "./summaries.ts";
