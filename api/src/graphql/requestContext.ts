// Where the request's context is made: the session's part (the user) and the customers domain's
// part (the viewer's profile and figures) of one statement, composed here once.
import { sessionUserFromJson, sessionUserJson } from "../auth/session.ts";
import { viewerCustomerFromJson, viewerCustomerJson } from "../customers/figures.ts";
import { precompile, queryBuilder, runFirst } from "../db/query.ts";
import type { AppDeps, Context } from "./context.ts";

/** One JSON value per part rather than ~30 columns: node-postgres parses each column in JavaScript on every execution. */
const viewerStatement = precompile((p: { userId: number }) =>
  queryBuilder.selectNoFrom([sessionUserJson(p.userId).as("user"), viewerCustomerJson(p.userId).as("customer")]),
);

export async function createContext(
  app: AppDeps,
  request: { cookieHeader: string | null; ip: string; requestId: string },
): Promise<Context> {
  const session = await app.sessionCookies.open(request.cookieHeader);
  const row = session ? await runFirst(app.sql, viewerStatement({ userId: session.userId })) : undefined;
  const user = session && row ? sessionUserFromJson(session, row.user) : null;
  const { customer, figures } = user && row ? viewerCustomerFromJson(row.customer) : { customer: null, figures: null };
  const refreshedCookie = user ? await session?.refreshedCookie() : undefined;
  return {
    app,
    prisma: app.prisma,
    sql: app.sql,
    viewer: user ? { ...user, customer } : null,
    ip: request.ip,
    cookieHeader: request.cookieHeader,
    requestId: request.requestId,
    log: app.log.child({ requestId: request.requestId }),
    responseCookies: refreshedCookie ? [refreshedCookie] : [],
    viewerFigures: figures,
  };
}
