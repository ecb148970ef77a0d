// Preloaded into the servers e2e/globalSetup.ts starts (`node --import`): if the test runner dies
// without its teardown (killed, or stopped by a timeout), the server is re-parented; it then sends
// itself SIGTERM, so its clean shutdown also stops its embedded PostgreSQL, and nothing is left running.
const runnerPid = process.ppid;
const watch = setInterval(() => {
  if (process.ppid !== runnerPid) {
    clearInterval(watch);
    process.kill(process.pid, "SIGTERM");
  }
}, 1000);
// The watch alone must not keep a server alive that is otherwise done.
watch.unref();

export {};
