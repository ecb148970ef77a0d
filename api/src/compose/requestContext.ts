// Where the request's context is made: the session's part (the user), the customers domain's part
// (the viewer's profile and figures) and the settings' part (the programme's contact) of one
// statement, composed here once.

import { clientActingAs } from "../apiTokens/index.ts";
import { sessionUserFromJson, sessionUserJson } from "../auth/session.ts";
import { customerIdOfUser, viewerCustomerFromJson, viewerCustomerJson } from "../customers/figures.ts";
import { precompile, precompileByShape, queryBuilder, runFirst } from "../db/query.ts";
import type { ApiTokenIdentity, AppDeps, Context, FirstPage, RequestCredentials } from "../graphql/context.ts";
import { firstPagesColumns, firstPagesOf, firstPagesShape, firstPagesValues } from "../graphql/pager.ts";
import { programmeContactFromJson, programmeContactJson } from "../settings/index.ts";
import { viewerShareLinkFromJson, viewerShareLinkJson } from "../shareLinks/index.ts";

/**
 * One JSON value per part rather than ~30 columns: node-postgres parses each column in JavaScript on
 * every execution. `pages`: the viewer's first pages this ask read last time (graphql/pager.ts), read
 * here too, so the request needs no second statement for them.
 */
const viewerStatement = precompileByShape(firstPagesShape, (pages: readonly FirstPage[]) =>
  precompile((p: { userId: number } & Record<string, unknown>) =>
    queryBuilder.selectNoFrom([
      sessionUserJson(p.userId).as("user"),
      viewerCustomerJson(p.userId).as("customer"),
      programmeContactJson().as("contact"),
      viewerShareLinkJson(p.userId).as("shareLink"),
      ...firstPagesColumns(pages, customerIdOfUser(p.userId), p),
    ]),
  ),
);

export async function createContext(app: AppDeps, request: RequestCredentials): Promise<Context> {
  if (request.apiToken) return tokenContext(app, request, request.apiToken);
  const session = await app.sessionCookies.open(request.cookieHeader);
  const pages = session ? firstPagesOf(request.ask ?? null) : [];
  const row = session
    ? await runFirst(app.sql, viewerStatement(pages)({ userId: session.userId, ...firstPagesValues(pages) }))
    : undefined;
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
    ask: request.ask ?? null,
    viewerFirstPages: customer && row && pages.length > 0 ? { ownerId: customer.id, pages, row } : null,
    viewerAgain: async () => (await createContext(app, { ...request, apiToken: null, ask: null })).viewer,
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
    ask: null,
    viewerFirstPages: null,
    viewerAgain: async () => {
      // Revoked, expired or its creator no longer an administrator: the gate refuses it now.
      const again = await request.apiTokenAgain?.().catch(() => null);
      return again ? (await tokenContext(app, request, again)).viewer : null;
    },
  };
}
