// Every documented /api/admin path, its parameters filled with 1, and what a request to it sends. Test-only.
import { restRoutes } from "../src/compose/restRoutes.ts";

/** A POST body that gets past every admin route's parsing, so the answer is the access rule's. */
const POST_BODY = {
  reason: "because",
  amount: "10.00",
  customerId: 1,
  milestoneType: "milestone_33",
  basisPoints: 1200,
  role: "STAFF",
  email: "someone@example.com",
  firstName: "Some",
  lastName: "One",
  paused: true,
};

export const adminPaths = restRoutes
  .filter((route) => route.path.startsWith("/api/admin/"))
  .map((route) => ({ method: route.method, path: route.path.replace(/:[A-Za-z]+/g, "1") }))
  .concat([{ method: "GET", path: "/api/admin/reports/customers" }])
  .map(({ method, path }) => ({ method, path, options: method === "POST" ? { json: POST_BODY } : {} }));
