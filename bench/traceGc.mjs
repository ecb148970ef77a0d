// Preloaded into the server by `npm run bench -- --trace DIR` (NODE_OPTIONS=--import): node refuses
// --trace-gc in NODE_OPTIONS, and api/start.sh's command line stays what production runs.
import v8 from "node:v8";

v8.setFlagsFromString("--trace-gc");
