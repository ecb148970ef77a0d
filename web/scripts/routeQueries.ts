// Writes web/dist/route-queries.json after Vite's build (which empties the folder): the operations
// the server answers inside each route's HTML.
import { writeRouteQueries } from "../build/routeQueries.ts";
import { DIST } from "./bundleSize.ts";

writeRouteQueries(DIST);
console.log("Route queries written for the server to inline (web/dist/route-queries.json).");
