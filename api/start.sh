#!/bin/sh
# `npm start`: the production server, the API compiled to JavaScript (api/dist, `npm run build:api`)
# and run by plain node: no tsx loader thread, about 40 MB less memory and half a second less
# start-up. The benchmark and the scale-out test start their instances through this file too, so
# they measure and test what production runs. `npm start` runs it with `exec`, so npm's signals
# (SIGTERM on a deploy) reach node itself, which finishes its requests before stopping.
set -eu
cd "$(dirname "$0")/.."

# A fresh clone, or sources edited since the last build: build first (a few seconds; tsc -b emits
# only what changed), so `npm start` always runs the code in front of you. SKIP_API_BUILD=1 is for
# the tests, which build once beforehand and then start instances side by side: two builds at once
# could hand one instance a file the other is rewriting.
if [ "${SKIP_API_BUILD:-}" != 1 ] && { [ ! -f api/dist/.tsbuildinfo ] || [ -n "$(find api/src api/tsconfig.build.json tsconfig.json -newer api/dist/.tsbuildinfo -print 2>/dev/null | head -n 1)" ]; }; then
  if [ ! -x node_modules/.bin/tsc ]; then
    echo "api/dist is missing or older than api/src, and TypeScript is not installed here: run \`npm ci && npm run build\` first." >&2
    exit 1
  fi
  echo "Building the API into api/dist (it is missing or older than api/src)..." >&2
  npm run --silent build:api
fi

# Memory (RSS under 300 MB after the benchmark's load, docs/performance.md; measured with `npm run bench`):
# - MALLOC_MMAP_THRESHOLD_: each argon2 hash (sign-in, registration) allocates 19 MiB in a libuv
#   thread. glibc's default threshold rises to that size after the first such free, and from then
#   on keeps every freed 19 MiB block in the thread's malloc arena: two sign-ins left ~20 MB
#   resident for good, a burst of them ~80 MB. A fixed 4 MiB threshold serves those blocks with
#   mmap, returned to the OS when freed (~2 ms more per hash); smaller allocations are unchanged.
#   It must be in the environment before the process starts: glibc reads it once.
# - MALLOC_ARENA_MAX: glibc gives each thread (4 libuv, 4 V8 platform workers) an arena of its
#   own, each keeping its freed memory; two arenas hold less, with no measurable cost here.
export MALLOC_MMAP_THRESHOLD_=4194304
export MALLOC_ARENA_MAX=2
# - --heap-growing-percent=150: after each full garbage collection V8 lets the old generation grow
#   up to 4 times what survived before collecting again; under load most of that is garbage
#   (40-60 MB live, a 130-200 MB heap). 2.5 times keeps the heap ~40 MB smaller for ~2% more CPU
#   per request (2 times: ~5-8%). --max-semi-space-size=8 (the young generation halved) saved
#   little once the old generation grows less, and cost 10-15% in throughput: not set.
# - --expose-gc: the server collects in its first quiet second after a burst (api/src/http/idleCollection.ts).
exec node --heap-growing-percent=150 --expose-gc api/dist/main.js
