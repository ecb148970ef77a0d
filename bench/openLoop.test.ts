import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mixSequence, type OpenLoopWindow, runOpenLoop } from "./openLoop.ts";
import { trend } from "./trend.ts";

// The load generator the benchmark and the soak share, against a real HTTP server on loopback.
const seen: { path: string; body: string }[] = [];
let server: http.Server;
let baseUrl = "";
beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({ path: request.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      // A connection dropped without an answer, and a request never answered.
      if (request.url === "/drop") return request.socket.destroy();
      if (request.url === "/silent") return;
      const status = request.url === "/refused" ? 403 : request.url === "/broken" ? 500 : 200;
      response.writeHead(status).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the open-loop generator", () => {
  it("spreads a mix's requests by weight through each cycle", () => {
    expect(mixSequence([3, 1])).toEqual([0, 0, 1, 0]);
    const sequence = mixSequence([5, 2, 1]);
    expect(sequence).toHaveLength(8);
    expect(sequence.filter((kind) => kind === 0)).toHaveLength(5);
    expect(sequence.filter((kind) => kind === 1)).toHaveLength(2);
    // Never two of the lighter ones back to back: each is spread among the heaviest.
    for (let i = 1; i < sequence.length; i++) expect(sequence[i] !== 0 && sequence[i - 1] !== 0).toBe(false);
    expect(() => mixSequence([1, 0])).toThrow(/whole numbers above 0/);
  });

  it("sends a weighted mix at the offered rate, takes each write's variants in turn and reports every window apart, expected refusals apart from failures", async () => {
    seen.length = 0;
    const windows: OpenLoopWindow[] = [];
    const result = await runOpenLoop(
      {
        requests: [
          { name: "read", url: `${baseUrl}/read`, method: "GET", headers: {}, weight: 6 },
          {
            name: "write",
            url: `${baseUrl}/write`,
            method: "POST",
            headers: { "content-type": "application/json" },
            weight: 2,
            variants: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ path: `/write/${n}`, body: `{"n":${n}}` })),
          },
          { name: "refused", url: `${baseUrl}/refused`, method: "GET", headers: {}, expectedStatuses: [403] },
          { name: "broken", url: `${baseUrl}/broken`, method: "GET", headers: {} },
        ],
        rate: 100,
        durationSeconds: 2,
        warmUpSeconds: 0,
        timeoutMs: 5_000,
        slowMs: 1_000,
        windowSeconds: 0.5,
      },
      (window) => windows.push(window),
    );

    expect(result.sent).toBe(200);
    expect(seen).toHaveLength(200);
    // 200 starts are 20 cycles of 10: 6 reads, 2 writes, 1 refusal, 1 failure each.
    expect(seen.filter((r) => r.path === "/read")).toHaveLength(120);
    const writes = seen.filter((r) => r.path.startsWith("/write/"));
    expect(writes).toHaveLength(40);
    expect(new Set(writes.map((r) => r.path)).size).toBe(10);
    for (const write of writes) expect(write.body).toBe(`{"n":${write.path.slice("/write/".length)}}`);
    expect(result.ok).toBe(160);
    expect(result.non2xx).toBe(40);

    expect(windows.map((w) => w.window)).toEqual([0, 1, 2, 3]);
    expect(windows.map((w) => w.sent)).toEqual([50, 50, 50, 50]);
    for (const window of windows) {
      expect(window.ok).toBe(40);
      expect(window.expected).toEqual({ "refused: 403": 5 });
      expect(window.failed).toEqual({ "broken: 500": 5 });
      expect(window.p99).toBeGreaterThanOrEqual(window.p50);
    }
    expect(Math.abs((windows[1]?.fromEpochMs ?? 0) - (windows[0]?.fromEpochMs ?? 0) - 500)).toBeLessThanOrEqual(1);
  });
});

describe("the open-loop generator's failures", () => {
  it("names why each failed request failed: a status, a dropped connection, a refused one, a timeout", async () => {
    // A port nothing listens on: every connection refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const windows: OpenLoopWindow[] = [];
    const result = await runOpenLoop(
      {
        requests: [
          { name: "ok", url: `${baseUrl}/read`, method: "GET", headers: {} },
          { name: "broken", url: `${baseUrl}/broken`, method: "GET", headers: {} },
          { name: "dropped", url: `${baseUrl}/drop`, method: "GET", headers: {} },
          { name: "refused", url: `http://127.0.0.1:${closedPort}/`, method: "GET", headers: {} },
          { name: "silent", url: `${baseUrl}/silent`, method: "GET", headers: {} },
        ],
        rate: 50,
        durationSeconds: 1,
        warmUpSeconds: 0,
        timeoutMs: 300,
        slowMs: 1_000,
        windowSeconds: 1,
      },
      (window) => windows.push(window),
    );
    expect(result.sent).toBe(50);
    expect(result.ok).toBe(10);
    expect(result.non2xx).toBe(10);
    expect(result.errors).toBe(30);
    expect(result.failures).toEqual({
      "status 500": 10,
      "no answer (ECONNRESET)": 10,
      "no answer (ECONNREFUSED)": 10,
      "no answer (timeout after 300 ms)": 10,
    });
    expect(windows[0]?.failed).toEqual({
      "broken: 500": 10,
      "dropped: no answer (ECONNRESET)": 10,
      "refused: no answer (ECONNREFUSED)": 10,
      "silent: no answer (timeout after 300 ms)": 10,
    });
  });
});

describe("the soak's trend verdict", () => {
  it("calls a steady climb growing, noise around a level flat, and a column near zero flat against its floor", () => {
    const climbing = trend([200, 203, 206, 209, 212, 215, 218, 221, 224], 0.01, 1);
    expect(climbing.slope).toBeCloseTo(3);
    expect(climbing.verdict).toBe("GROWING");
    expect(trend([230, 228, 233, 229, 231, 230, 232, 229, 230], 0.01, 1).verdict).toBe("flat");
    expect(trend([300, 280, 260, 240], 0.05, 10).verdict).toBe("falling");
    // A queue of 0 to 2 jobs: +0.2 a minute is 1% of a floor of 20.
    expect(trend([0, 1, 0, 2, 1, 2], 0.05, 20).verdict).toBe("flat");
    expect(trend([0, 5, 10, 15, 20, 25], 0.05, 20).verdict).toBe("GROWING");
  });
});
