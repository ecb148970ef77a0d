// npm run analytics:rebuild   (the repair: recompute the analytics summaries from the tables)
// The summaries are kept by PostgreSQL triggers on every write; this recomputes them whole, for a
// database restored from elsewhere or changed with the triggers disabled. Writers wait meanwhile.
import { rebuildAnalyticsSummaries } from "../analytics/index.ts";
import { withDatabase } from "./withDatabase.ts";

const started = performance.now();
await withDatabase((db) => rebuildAnalyticsSummaries(db));
console.log(`Analytics summaries rebuilt from the tables in ${Math.round(performance.now() - started)} ms.`);
