// The loopback mail server of the end-to-end suite. globalSetup starts it before the app (whose
// outbox worker sends to it through SMTP_URL) and serves what it caught over a small loopback
// HTTP endpoint, because the tests run in worker processes that cannot see globalSetup's memory.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readRawMessage, startSmtpTestServer } from "../../api/test/smtpServer.ts";

/** One message as the tests see it. */
export interface CaughtEmail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string | null;
  subject: string;
  text: string;
  html: string;
  /** The order the server received it in, from 1. */
  sequence: number;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>?tls=off: no TLS (the app is told to send in the clear), no authentication. */
  smtpUrl: string;
  /** http://127.0.0.1:<port>/messages: every message caught so far, as JSON. */
  mailboxUrl: string;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const smtp = await startSmtpTestServer();
  const caught = () =>
    smtp.received.map((email, index): CaughtEmail => {
      const message = readRawMessage(email.raw);
      return {
        to: email.envelopeTo.map((address) => address.toLowerCase()),
        from: email.envelopeFrom,
        subject: decodeEncodedWords(message.header("subject") ?? ""),
        text: message.parts.get("text/plain") ?? "",
        html: message.parts.get("text/html") ?? "",
        sequence: index + 1,
      };
    });
  const api = http.createServer((request, response) => {
    if (request.method === "GET" && request.url?.startsWith("/messages")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(caught()));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const { port } = api.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${port}/messages`,
    close: async () => {
      api.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => api.close(() => resolve())), smtp.close()]);
    },
  };
}

/** RFC 2047: nodemailer encodes a subject with non-ASCII characters (a £ sign) as =?UTF-8?Q?...?= or =?UTF-8?B?...?=. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text
        .replace(/_/g, " ")
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}
