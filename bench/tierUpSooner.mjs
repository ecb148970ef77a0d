// Loaded with --import into the server the hot paths' guard measures (bench/hotPaths.test.ts): V8
// optimises a function once it has run for a budget of bytecode, which a fresh server reaches only
// after some thousands of requests (seconds of load). A smaller budget gets the same optimised code
// within the guard's warm-up.
import v8 from "node:v8";

// The default is 67584 (node --v8-options).
v8.setFlagsFromString("--interrupt-budget=8192");
