// Test support: an SMTP server and a webhook receiver on loopback that misbehave on purpose, each on
// one port for its whole life. `set(mode)` changes how the NEXT connections are treated:
// - "refuse": nothing listens on the port (the client gets ECONNREFUSED);
// - a hang: the connection is accepted and never answered (SMTP: no greeting, or no answer to the message);
// - "drop-mid-message": the connection is accepted, part of the message read, then the socket destroyed;
// - "behave": a real server answers (smtp-server for SMTP, node:http for webhooks) on that same port.
// Every connection is recorded with its time and the mode it met, so a test can read the retry spacing
// from the peer's side too.
import { createServer as createHttpServer, type Server as HttpServer, type IncomingHttpHeaders } from "node:http";
import net, { type AddressInfo } from "node:net";
import { type SmtpTestServer, speakUntilBody, startSmtpTestServer } from "./smtpServer.ts";

export interface PeerConnection<Mode> {
  at: number;
  mode: Mode;
}

interface PortHolder<Mode> {
  port: number;
  mode: Mode;
  connections: PeerConnection<Mode>[];
  /** Connections accepted and still open (a hang holds them). */
  open(): number;
  set(mode: Mode): Promise<void>;
  close(): Promise<void>;
}

/** Listens on one loopback port (chosen at start) and stops listening while the mode is "refuse". */
async function holdPort<Mode extends string>(
  initial: Mode,
  onConnection: (socket: net.Socket, mode: Mode) => void,
  onClose: () => Promise<void> = async () => {},
): Promise<PortHolder<Mode>> {
  const sockets = new Set<net.Socket>();
  const holder: PortHolder<Mode> = {
    port: 0,
    mode: initial,
    connections: [],
    open: () => sockets.size,
    set: async () => {},
    close: async () => {},
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    holder.connections.push({ at: Date.now(), mode: holder.mode });
    onConnection(socket, holder.mode);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  // The port is taken once and kept for the peer's life; "refuse" only stops listening on it.
  await listen(0);
  holder.port = (server.address() as AddressInfo).port;
  if (initial === "refuse") await stopListening();
  holder.set = async (mode) => {
    const wasListening = server.listening;
    holder.mode = mode;
    if (mode === "refuse" && wasListening) await stopListening();
    if (mode !== "refuse" && !wasListening) await listen(holder.port);
  };
  holder.close = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await stopListening();
    await onClose();
  };
  return holder;
}

export type SmtpMode = "refuse" | "hang-greeting" | "hang-after-data" | "drop-mid-message" | "behave";

export interface MisbehavingSmtp extends PortHolder<SmtpMode> {
  /** SMTP_URL for this peer; `options` are nodemailer's connection options as URL parameters (timeouts). */
  url(options?: Record<string, number>): string;
  /** Messages the real server accepted (while behaving). */
  received: SmtpTestServer["received"];
  /** Bytes of message body read before each drop. */
  droppedAfterBytes: number[];
}

export async function startMisbehavingSmtp(initial: SmtpMode): Promise<MisbehavingSmtp> {
  const real = await startSmtpTestServer();
  const realPort = Number(new URL(real.url).port);
  const droppedAfterBytes: number[] = [];
  const holder = await holdPort<SmtpMode>(
    initial,
    (socket, mode) => {
      if (mode === "hang-greeting") return; // accepted, never a word
      if (mode === "hang-after-data") return speakUntilBody(socket, () => {}); // reads it all, never answers
      if (mode === "drop-mid-message")
        return speakUntilBody(socket, (chunk) => {
          droppedAfterBytes.push(chunk.length);
          socket.destroy();
        });
      // Behaving: the real server answers through this port.
      const upstream = net.connect(realPort, "127.0.0.1");
      upstream.on("error", () => socket.destroy());
      socket.on("close", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    },
    () => real.close(),
  );
  return Object.assign(holder, {
    url: (options: Record<string, number> = {}) => {
      const params = new URLSearchParams({ tls: "off" });
      for (const [name, value] of Object.entries(options)) params.set(name, String(value));
      return `smtp://127.0.0.1:${holder.port}?${params}`;
    },
    received: real.received,
    droppedAfterBytes,
  });
}

export type HttpMode = "refuse" | "hang" | "drop-mid-message" | "behave";

export interface ReceivedRequest {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface MisbehavingReceiver extends PortHolder<HttpMode> {
  url: string;
  /** Requests answered 200 (while behaving). */
  answered: ReceivedRequest[];
  /** Requests read in full and never answered (while hanging). */
  unanswered: ReceivedRequest[];
  /** Bytes read of each request before its connection was destroyed. */
  droppedAfterBytes: number[];
}

/** A webhook receiver: answers 200 while behaving, holds the request while hanging. */
export async function startMisbehavingReceiver(initial: HttpMode): Promise<MisbehavingReceiver> {
  const answered: ReceivedRequest[] = [];
  const unanswered: ReceivedRequest[] = [];
  const droppedAfterBytes: number[] = [];
  const reader = (keep: ReceivedRequest[], answer: boolean) =>
    createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        keep.push({ at: Date.now(), headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
        if (answer) response.writeHead(200).end("ok");
      });
    });
  const behaving: HttpServer = reader(answered, true);
  const hanging: HttpServer = reader(unanswered, false);
  const holder = await holdPort<HttpMode>(
    initial,
    (socket, mode) => {
      if (mode === "drop-mid-message") {
        // The first bytes of the request (its head, maybe some body), then the connection is gone.
        socket.once("data", (chunk: Buffer) => {
          droppedAfterBytes.push(chunk.length);
          socket.destroy();
        });
        return;
      }
      (mode === "hang" ? hanging : behaving).emit("connection", socket);
    },
    async () => {
      behaving.closeAllConnections();
      hanging.closeAllConnections();
    },
  );
  return Object.assign(holder, {
    url: `http://127.0.0.1:${holder.port}/hooks`,
    answered,
    unanswered,
    droppedAfterBytes,
  });
}
