// Preloaded into the server by `npm run bench:profile` (NODE_OPTIONS=--import): node refuses
// --cpu-prof in NODE_OPTIONS. The first SIGUSR2 starts the profiler (after the warm-up), the
// second writes the profile to CPU_PROFILE_FILE.
import { renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const session = new Session();
session.connect();
session.post("Profiler.enable");
let profiling = false;
process.on("SIGUSR2", () => {
  if (!profiling) {
    profiling = true;
    session.post("Profiler.start");
    return;
  }
  session.post("Profiler.stop", (error, result) => {
    if (error) throw error;
    const file = process.env.CPU_PROFILE_FILE ?? "server.cpuprofile";
    writeFileSync(`${file}.part`, JSON.stringify(result.profile));
    renameSync(`${file}.part`, file);
  });
});
