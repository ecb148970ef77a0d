// A webhook receiver: checks each delivery's Standard Webhooks signature, hands each event to your
// code once however many times it is delivered, and answers 204 (401 for a bad signature).
//
//   HNG_WEBHOOK_SECRET=whsec_... HNG_WEBHOOK_PORT=4000 npx tsx examples/integrator/receiver.ts
import { createServer, type IncomingMessage, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { Webhook, WebhookVerificationError } from "standardwebhooks";

/** A delivery's body: `type` is e.g. "purchase.verified"; `data` carries ids and amounts ("12.34"). */
export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface ReceiverOptions {
  /** The endpoint's signing secret, "whsec_...", shown once when the endpoint was created. */
  secret: string;
  /**
   * Your handling of an event; it runs once per `webhook-id`. Throwing answers 500, so the sender retries.
   * Keep it quick (the sender waits 10 s for the answer): queue long work and return.
   */
  onEvent: (event: WebhookEvent, id: string) => void | Promise<void>;
  /** Ids already handled. Keep them in your database in real use, so a restart does not forget them. */
  seen?: Set<string>;
}

/** A body larger than this is not one of ours. */
const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The three `webhook-*` headers as the library wants them (one string each). */
function signatureHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

/** An http.Server that receives deliveries on any path; call `listen(port)` on it. */
export function createReceiver({ secret, onEvent, seen = new Set() }: ReceiverOptions): Server {
  const webhook = new Webhook(secret);
  return createServer((request, response) => {
    const answer = (status: number) => {
      if (!response.headersSent) response.writeHead(status).end();
    };
    // A connection dropped mid-body must not stop the process.
    handle(request, answer).catch(() => answer(400));
  });

  async function handle(request: IncomingMessage, answer: (status: number) => void) {
    if (request.method !== "POST") return answer(405);
    const body = await readBody(request);
    if (body === null) return answer(413);

    const headers = signatureHeaders(request);
    let event: WebhookEvent;
    try {
      // Checks the signature over the raw body and that the timestamp is within 5 minutes (replays).
      event = webhook.verify(body, headers) as WebhookEvent;
    } catch (error) {
      return answer(error instanceof WebhookVerificationError ? 401 : 400);
    }

    // The same event is delivered again after a timeout or a redelivery: same `webhook-id`.
    const id = headers["webhook-id"]!;
    if (seen.has(id)) return answer(204);
    seen.add(id);
    try {
      await onEvent(event, id);
    } catch (error) {
      seen.delete(id);
      console.error(`webhook ${id} (${event.type}) failed:`, error);
      return answer(500);
    }
    answer(204);
  }
}

// Run only when started as a script, not when imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secret = process.env.HNG_WEBHOOK_SECRET;
  if (!secret) throw new Error("Set HNG_WEBHOOK_SECRET to the endpoint's signing secret (whsec_...)");
  const port = Number(process.env.HNG_WEBHOOK_PORT ?? 4000);
  createReceiver({
    secret,
    onEvent: (event, id) => console.log(`${event.timestamp} ${event.type} (${id})`, JSON.stringify(event.data)),
  }).listen(port, () => console.log(`Receiving webhooks on http://localhost:${port}/`));
}
