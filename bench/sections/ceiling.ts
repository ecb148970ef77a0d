// a. The ceiling: node:http's bare JSON, Yoga's cheapest answer, and the cheapest signed-in read;
// every other figure is read against these.
import http from "node:http";
import { findFreePort } from "../../api/src/db/freePort.ts";
import viewerSessionQuery from "../../web/src/__generated__/viewerSessionQuery.graphql.ts";
import { ACCEPT_COMPRESSED, ceilingRequest, persistedBody } from "../stack.ts";
import type { Section } from "./section.ts";

/** The row the dashboard's share and CPU are compared with (bench/sections/dashboard.ts). */
export const YOGA_CEILING = "Yoga { __typename }";

export const ceiling: Section = {
  letter: "a",
  name: "ceiling",
  title: "a. Ceiling",
  async run({ meter, baseUrl, cookies }) {
    const plain = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    );
    const plainPort = await findFreePort();
    await new Promise<void>((resolve) => plain.listen(plainPort, "127.0.0.1", resolve));
    await meter.measure(
      "node:http JSON",
      { url: `http://127.0.0.1:${plainPort}/`, connections: 50 },
      { onServer: false },
    );
    plain.close();
    await meter.measure(YOGA_CEILING, ceilingRequest(baseUrl, 50));
    // Not a budget: what any signed-in request costs here (the session's one-row read), so the
    // dashboard's figures can be read against it.
    await meter.measure("signed in, { viewer { firstName } }", {
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: { "content-type": "application/json", ...ACCEPT_COMPRESSED, cookie: cookies.customer },
      body: persistedBody(viewerSessionQuery),
      connections: 50,
    });
  },
};
