// Where the request's context is made: the session's user and the customers domain's part of the
// viewer are read in one statement, composed here once at start-up.
import { readSessionUser, viewerStatement } from "../auth/session.ts";
import { VIEWER_CUSTOMER_PART, viewerCustomerFromRow } from "../customers/figures.ts";
import type { AppDeps, Context } from "./context.ts";

const VIEWER_SQL = viewerStatement(VIEWER_CUSTOMER_PART);

export async function createContext(
  app: AppDeps,
  request: { cookieHeader: string | null; ip: string; requestId: string },
): Promise<Context> {
  const session = await app.sessionCookies.open(request.cookieHeader);
  const signedIn = session ? await readSessionUser(app.sql, VIEWER_SQL, session) : null;
  const viewerCustomer = signedIn ? viewerCustomerFromRow(signedIn.row) : null;
  const refreshedCookie = signedIn ? await session?.refreshedCookie() : undefined;
  return {
    app,
    prisma: app.prisma,
    sql: app.sql,
    viewer: signedIn && viewerCustomer ? { ...signedIn.user, customer: viewerCustomer.customer } : null,
    ip: request.ip,
    cookieHeader: request.cookieHeader,
    requestId: request.requestId,
    log: app.log.child({ requestId: request.requestId }),
    responseCookies: refreshedCookie ? [refreshedCookie] : [],
    viewerFigures: viewerCustomer?.figures ?? null,
  };
}
