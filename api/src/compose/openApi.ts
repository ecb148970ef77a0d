// GET /api/openapi.json's document: the route table and what the domains add to it (the report
// downloads, the token scopes, the Idempotency-Key header).
import { reportCatalogue } from "../analytics/index.ts";
import { REPORT_FORMATS } from "../analytics/reportDownload.ts";
import { API_TOKEN_SCOPES, tokenMayDownloadReport } from "../apiTokens/index.ts";
import { IDEMPOTENCY_KEY_DESCRIPTION } from "../idempotency/index.ts";
import { buildOpenApiDocument, type OpenApiParts } from "../rest/openapi.ts";
import { restRoutes } from "./restRoutes.ts";

export const OPEN_API_PARTS: OpenApiParts = {
  scopes: API_TOKEN_SCOPES,
  idempotencyKeyDescription: IDEMPOTENCY_KEY_DESCRIPTION,
  reports: { catalogue: reportCatalogue, formats: REPORT_FORMATS, tokenMayDownload: tokenMayDownloadReport },
};

export const openApiDocument = () => buildOpenApiDocument(restRoutes, OPEN_API_PARTS);
