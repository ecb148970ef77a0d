// The composition root: the one place that hands the domains to the transport. graphql/, rest/,
// http/ and jobs/ import no domain; what they need of one arrives here as a parameter.
import { downloadReport } from "../analytics/reportDownload.ts";
import { bearerSecret, tokenMayRunOperation } from "../apiTokens/index.ts";
import { readCookie, sessionCookieName } from "../auth/index.ts";
import type { AppDeps, Composition } from "../graphql/context.ts";
import type { AppMetrics } from "../http/metrics.ts";
import { createHttpServer } from "../http/server.ts";
import { creditRateTexts } from "../settings/index.ts";
import { friendPages } from "../shareLinks/friendPage.ts";
import { openApiDocument } from "./openApi.ts";
import { createContext } from "./requestContext.ts";
import { restRoutes } from "./restRoutes.ts";
import { printSchemaSdl, schema } from "./schema.ts";

/** The schema, the request context and the token check, as /graphql, /api and the pages' data run them. */
export const COMPOSITION: Composition = { schema, createContext, tokenMayRunOperation };

/** One port: the web app, /graphql, /api, /healthz and /readyz. `metrics`: counts each request (http/metrics.ts). */
export function createAppServer(app: AppDeps, options: { webDir: string; metrics?: AppMetrics }) {
  return createHttpServer(app, options, {
    composition: COMPOSITION,
    rest: { routes: restRoutes, openApiDocument, downloadReport },
    printSchema: printSchemaSdl,
    bearerSecret,
    programmeSlots: () => creditRateTexts(app.prisma),
    hasSessionCookie,
    publicPages: friendPages,
  });
}

/** Either name: the static files do not know whether this server's cookies are Secure (__Host-). */
function hasSessionCookie(header: string | undefined): boolean {
  return [false, true].some((secure) => readCookie(header ?? null, sessionCookieName(secure)) !== undefined);
}
