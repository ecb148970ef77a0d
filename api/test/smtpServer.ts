// Test support: real SMTP servers on loopback, and a reader for the raw messages they receive.
import net, { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  envelopeFrom: string | null;
  envelopeTo: string[];
  raw: string;
}

/**
 * How the controllable server answers: accept, refuse the recipient, refuse the message body, or
 * hold it (the whole message read, no answer yet) until `releaseHeld`.
 */
export type SmtpBehaviour = "accept" | "reject-recipient" | "reject-data" | "defer-data" | "hold";

/** A message read in full and not answered yet; `clientGone` once its sender closed the connection. */
export interface HeldEmail extends ReceivedEmail {
  clientGone: boolean;
}

export interface SmtpTestServer {
  url: string;
  received: ReceivedEmail[];
  behaviour: SmtpBehaviour;
  /** Milliseconds to wait before answering each message, to make concurrent senders overlap. */
  delayMs: number;
  /** Messages held ("hold"), in the order they arrived. */
  held: HeldEmail[];
  /**
   * Answers every held message: kept ones are accepted (added to `received`, as a server that had
   * queued the message before its sender went away would), the others refused with a 451.
   */
  releaseHeld(keep: (email: HeldEmail) => boolean): void;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const state: SmtpTestServer = {
    url: "",
    received: [],
    behaviour: "accept",
    delayMs: 0,
    held: [],
    releaseHeld: () => {},
    close: async () => {},
  };
  const answers = new Map<HeldEmail, (error?: Error) => void>();
  const openSessions = new Map<string, HeldEmail[]>();
  state.releaseHeld = (keep) => {
    for (const email of state.held.splice(0)) {
      const answer = answers.get(email);
      answers.delete(email);
      if (keep(email)) {
        const { clientGone: _gone, ...received } = email;
        state.received.push(received);
        answer?.();
      } else answer?.(smtpError(451, "4.3.0 Message not queued"));
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.behaviour === "reject-recipient") return callback(smtpError(550, "5.1.1 Mailbox unavailable"));
      callback();
    },
    onClose(session) {
      for (const email of openSessions.get(session.id) ?? []) email.clientGone = true;
      openSessions.delete(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.behaviour === "hold") {
          const from = session.envelope.mailFrom;
          const email: HeldEmail = {
            envelopeFrom: from ? from.address : null,
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            clientGone: false,
          };
          state.held.push(email);
          answers.set(email, callback);
          openSessions.set(session.id, [...(openSessions.get(session.id) ?? []), email]);
          return;
        }
        setTimeout(() => {
          if (state.behaviour === "reject-data") return callback(smtpError(554, "5.7.1 Message refused by policy"));
          if (state.behaviour === "defer-data")
            return callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
          const from = session.envelope.mailFrom;
          state.received.push({
            envelopeFrom: from ? from.address : null,
            envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  // Answering a held message whose sender has gone writes to a closed socket: not the test's failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // A loopback catcher without TLS: the app sends in the clear only when the URL says so.
  state.url = `smtp://127.0.0.1:${port}?tls=off`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * A server that speaks SMTP until the message body starts, then drops the connection: what a
 * crashing or overloaded mail server looks like to the sender.
 */
/** Speaks just enough SMTP (no extensions) to reach the message body, then hands it to `onBody`. */
export function speakUntilBody(socket: net.Socket, onBody: (chunk: Buffer) => void) {
  let inData = false;
  let buffered = "";
  socket.write("220 smtp.test ESMTP\r\n");
  socket.on("data", (chunk: Buffer) => {
    if (inData) return onBody(chunk);
    buffered += chunk.toString("latin1");
    let lineEnd = buffered.indexOf("\r\n");
    while (lineEnd >= 0 && !inData) {
      const command = buffered.slice(0, lineEnd).toUpperCase();
      buffered = buffered.slice(lineEnd + 2);
      if (command.startsWith("EHLO") || command.startsWith("HELO")) socket.write("250 smtp.test\r\n");
      else if (command.startsWith("DATA")) {
        inData = true;
        socket.write("354 go ahead\r\n");
      } else if (command.startsWith("QUIT")) socket.end("221 bye\r\n");
      else socket.write("250 OK\r\n");
      lineEnd = buffered.indexOf("\r\n");
    }
    if (inData && buffered) onBody(Buffer.from(buffered, "latin1"));
  });
}

export async function startDroppingSmtpServer(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const state = { url: "", connections: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    speakUntilBody(socket, () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}?tls=off`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

export interface RawMessage {
  header(name: string): string | undefined;
  /** The decoded body of each MIME part, by its content type ("text/plain", "text/html"). */
  parts: Map<string, string>;
}

/** Reads a raw RFC 5322 message: unfolded headers, and the text parts decoded. */
export function readRawMessage(raw: string): RawMessage {
  const { headers, body } = splitEntity(raw);
  const parts = new Map<string, string>();
  collectParts(headers, body, parts);
  return { header: (name) => headers.get(name.toLowerCase()), parts };
}

function splitEntity(raw: string) {
  const index = raw.indexOf("\r\n\r\n");
  const head = index >= 0 ? raw.slice(0, index) : raw;
  const body = index >= 0 ? raw.slice(index + 4) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectParts(headers: Map<string, string>, body: string, parts: Map<string, string>) {
  const contentType = headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const entity = splitEntity(section.replace(/^\r\n/, ""));
      collectParts(entity.headers, entity.body, parts);
    }
    return;
  }
  parts.set(type, decodeBody(body, headers.get("content-transfer-encoding") ?? "7bit"));
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes: number[] = [];
      const text = body.replace(/=\r\n/g, "");
      for (let i = 0; i < text.length; i += 1) {
        const hex = text.slice(i + 1, i + 3);
        if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i] ?? "", "utf8"));
        }
      }
      return Buffer.from(bytes).toString("utf8");
    }
    default:
      return body;
  }
}
