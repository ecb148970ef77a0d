// Test support: a pino destination that keeps every line the app logs, for tests that read them.
import { Writable } from "node:stream";

export interface LogCapture {
  destination: Writable;
  /** Every line written so far, as written (pino's JSON). */
  lines: string[];
  /** The lines parsed, for tests that look for a message. */
  parsed(): Array<{ msg?: string; level?: number } & Record<string, unknown>>;
}

export function captureLogs(): LogCapture {
  const lines: string[] = [];
  let partial = "";
  const destination = new Writable({
    write(chunk, _encoding, done) {
      const text = partial + String(chunk);
      const complete = text.split("\n");
      partial = complete.pop() ?? "";
      lines.push(...complete.filter((line) => line !== ""));
      done();
    },
  });
  return { destination, lines, parsed: () => lines.map((line) => JSON.parse(line)) };
}
