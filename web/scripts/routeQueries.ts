// Writes web/dist/route-queries.json and route-preloads.json after Vite's build (which empties the
// folder): the operations the server answers inside each route's HTML, and the chunks it preloads there.
import { writeRoutePreloads } from "../build/routePreloads.ts";
import { writeRouteQueries } from "../build/routeQueries.ts";
import { DIST } from "./bundleSize.ts";

writeRouteQueries(DIST);
writeRoutePreloads(DIST);
console.log("Route queries and preloads written for the server (web/dist/route-queries.json, route-preloads.json).");
