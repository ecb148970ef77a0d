// e. A write at its maximum: an administrator verifying purchases, each on a different pending referral.
import { encodeGlobalID } from "@pothos/plugin-relay";
import pg from "pg";
import { ACCEPT_COMPRESSED } from "../stack.ts";
import type { Section } from "./section.ts";

const VERIFY_QUERY = `mutation BenchVerify($input: VerifyPurchaseInput!) { verifyPurchase(input: $input) { __typename } }`;

export const writes: Section = {
  letter: "e",
  name: "writes",
  title: "e. verifyPurchase (10 connections, a different pending referral each time)",
  async run({ meter, baseUrl, databaseUrl, cookies }) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const pending = (
      await db.query<{ id: number }>(`SELECT id FROM "Referral" WHERE status = 'PENDING' ORDER BY id LIMIT 50000`)
    ).rows.map((r) => r.id);
    await db.end();
    let next = 0;
    await meter.measure("verifyPurchase (GraphQL)", {
      url: `${baseUrl}/graphql`,
      method: "POST",
      headers: { "content-type": "application/json", ...ACCEPT_COMPRESSED, cookie: cookies.admin },
      connections: 10,
      setupRequest: (req: any) => ({
        ...req,
        body: JSON.stringify({
          query: VERIFY_QUERY,
          variables: {
            input: {
              referralId: encodeGlobalID("Referral", pending[next++ % pending.length] ?? 0),
              amount: "250.00",
            },
          },
        }),
      }),
    });
  },
};
