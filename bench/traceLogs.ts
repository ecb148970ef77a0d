// What `npm run bench -- --trace DIR` reads back from DIR beside an open loop's stalls: the
// server's --trace-gc pauses and bench/trace.mjs's lines (server.log), and what PostgreSQL logged
// (postgres.log) once logPostgresActivity turned its logging on.
import { existsSync, readFileSync } from "node:fs";
import pg from "pg";

export interface GcPause {
  /** Milliseconds since the server's V8 started, as --trace-gc prints them. */
  atMs: number;
  kind: string;
  pauseMs: number;
}

/** Every match of `pattern` (a global one) in `file`; none while the file is not there yet. */
function matchesIn(file: string, pattern: RegExp): RegExpMatchArray[] {
  return existsSync(file) ? [...readFileSync(file, "utf8").matchAll(pattern)] : [];
}

/** The pauses --trace-gc printed: `[pid:0x…]  17253 ms: Mark-Compact 93.5 (124.3) -> 49.2 (98.1) MB, 113.50 / 9.54 ms …`. */
export function gcPauses(file: string): GcPause[] {
  return matchesIn(file, /\s(\d+) ms: ([A-Za-z-]+(?: \(reduce\))?) .*? MB, ([\d.]+) \//g).map((match) => ({
    atMs: Number(match[1]),
    kind: match[2] ?? "",
    pauseMs: Number(match[3]),
  }));
}

/** bench/trace.mjs's lines: `[trace] 17253 ms: event loop blocked 48.2 ms`, `… slow callback …`. */
export function traceEvents(file: string): { atMs: number; text: string }[] {
  return matchesIn(file, /^\[trace\] (\d+) ms: (.*)$/gm).map((match) => ({
    atMs: Number(match[1]),
    text: match[2] ?? "",
  }));
}

/** PostgreSQL's log lines that say what it did (checkpoints, autovacuum, statements over 20 ms), with their time. */
export function postgresEvents(file: string): { epochMs: number; text: string }[] {
  return matchesIn(
    file,
    /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (UTC|GMT) \[\d+\] LOG: +((?:duration|checkpoint|automatic).*)$/gm,
  ).map((match) => ({ epochMs: Date.parse(`${match[1]?.replace(" ", "T")}Z`), text: (match[3] ?? "").slice(0, 200) }));
}

/** The three longest pauses, for a line of its own. */
export function longest(pauses: GcPause[]): string {
  if (pauses.length === 0) return "none";
  const shown = [...pauses].sort((a, b) => b.pauseMs - a.pauseMs).slice(0, 3);
  return `${shown.map(describePause).join(", ")}${pauses.length > 3 ? ` and ${pauses.length - 3} shorter` : ""}`;
}

function describePause(pause: GcPause): string {
  return `${pause.kind} ${pause.pauseMs} ms at ${(pause.atMs / 1000).toFixed(2)} s`;
}

/** PostgreSQL logs its checkpoints and every autovacuum run, for reading beside the open loop's stalls. */
export async function logPostgresActivity(adminUrl: string) {
  const db = new pg.Client({ connectionString: adminUrl });
  await db.connect();
  try {
    await db.query("ALTER SYSTEM SET log_checkpoints = on");
    await db.query("ALTER SYSTEM SET log_autovacuum_min_duration = 0");
    await db.query("ALTER SYSTEM SET log_min_duration_statement = 20");
    await db.query("ALTER SYSTEM SET log_lock_waits = on");
    await db.query("SELECT pg_reload_conf()");
  } finally {
    await db.end();
  }
}
