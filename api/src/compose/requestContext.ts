// Where the request's context is made: the session's part (the user), the customers domain's part
// (the viewer's profile and figures) and the settings' part (the programme's contact) of one
// statement, composed here once.

import { clientActingAs } from "../apiTokens/index.ts";
import { sessionUserFromJson, sessionUserJson } from "../auth/session.ts";
import { viewerCustomerFromJson, viewerCustomerJson } from "../customers/figures.ts";
import { precompile, queryBuilder, runFirst } from "../db/query.ts";
import type { ApiTokenIdentity, AppDeps, Context, RequestCredentials } from "../graphql/context.ts";
import { programmeContactFromJson, programmeContactJson } from "../settings/index.ts";
import { viewerShareLinkFromJson, viewerShareLinkJson } from "../shareLinks/index.ts";

/** One JSON value per part rather than ~30 columns: node-postgres parses each column in JavaScript on every execution. */
const viewerStatement = precompile((p: { userId: number }) =>
  queryBuilder.selectNoFrom([
    sessionUserJson(p.userId).as("user"),
    viewerCustomerJson(p.userId).as("customer"),
    programmeContactJson().as("contact"),
    viewerShareLinkJson(p.userId).as("shareLink"),
  ]),
);

export async function createContext(app: AppDeps, request: RequestCredentials): Promise<Context> {
  if (request.apiToken) return tokenContext(app, request, request.apiToken);
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
    // The request id is on every line already (compose/appDeps.ts: the logger's mixin reads lib/requestScope.ts).
    log: app.log,
    responseCookies: refreshedCookie ? [refreshedCookie] : [],
    viewerFigures: figures,
    programmeContact: user && row ? programmeContactFromJson(row.contact) : null,
    viewerShareLink: user && row ? viewerShareLinkFromJson(row.shareLink) : null,
    apiToken: null,
    viewerAgain: async () => (await createContext(app, { ...request, apiToken: null })).viewer,
  };
}

/**
 * A request with an API token (checked by the server before this): no cookie is read or set, the
 * viewer is the token's creator, and what it writes is audited with the token's name.
 */
async function tokenContext(app: AppDeps, request: RequestCredentials, token: ApiTokenIdentity): Promise<Context> {
  const user = token.creator;
  const prisma = clientActingAs(app.prisma, token.id);
  return {
    app,
    prisma,
    sql: app.sql,
    // The token is the credential: the creator's second factor was checked when it was made.
    viewer: { ...user, secondFactorEnabled: true, customer: null },
    ip: request.ip,
    cookieHeader: null,
    requestId: request.requestId,
    log: app.log.child({ apiTokenId: token.id }),
    responseCookies: [],
    viewerFigures: null,
    programmeContact: null,
    viewerShareLink: null,
    apiToken: { token, operationAllowed: false },
    viewerAgain: async () => {
      // Revoked, expired or its creator no longer an administrator: the gate refuses it now.
      const again = await request.apiTokenAgain?.().catch(() => null);
      return again ? (await tokenContext(app, request, again)).viewer : null;
    },
  };
}
