// A GraphQL subscription read over Server-Sent Events (Yoga's mode: POST with Accept: text/event-stream),
// as the web app reads it: for tests and the benchmark.

/** One GraphQL result of the stream, with when it arrived (performance.now()). */
export interface StreamEvent<T = any> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  receivedAt: number;
}

export interface EventStreamSubscription<T = any> {
  status: number;
  contentType: string;
  events: StreamEvent<T>[];
  /** Resolves once the stream holds more than `count` events; throws after `timeoutMs`. */
  waitForEvents(count: number, timeoutMs?: number): Promise<StreamEvent<T>[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Starts a subscription on `baseUrl` with the given Cookie header (or none). */
export async function subscribeOverEventStream<T = any>(
  baseUrl: string,
  query: string,
  cookieHeader?: string,
): Promise<EventStreamSubscription<T>> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(cookieHeader ? { cookie: cookieHeader } : {}),
    },
    body: JSON.stringify({ query }),
    signal: abort.signal,
  });
  const events: StreamEvent<T>[] = [];
  const waiters = new Set<() => void>();
  const contentType = response.headers.get("content-type") ?? "";
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data:"))
            .map((line) => line.slice(5).trimStart())
            .join("\n");
          if (data !== "") {
            events.push({ ...(JSON.parse(data) as object), receivedAt: performance.now() });
            for (const wake of waiters) wake();
          }
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Closed by us.
    }
  })();
  return {
    status: response.status,
    contentType,
    events,
    ended,
    async waitForEvents(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`waited ${timeoutMs} ms for ${count} events, got ${events.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return events;
    },
    close: () => abort.abort(),
  };
}
