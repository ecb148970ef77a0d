import type { IncomingMessage, ServerResponse } from "node:http";
import type { Writable } from "node:stream";
import { SCOPE_REFUSAL_MESSAGE, tokenMayDownloadReport } from "../apiTokens/index.ts";
import type { Context } from "../graphql/context.ts";
import { accessRefusal } from "../graphql/nodeAccess.ts";
import { startCompressedStream } from "../http/compression.ts";
import { csvHeader, csvLine } from "../lib/csv.ts";
import { AppError, ForbiddenError, NotAuthenticatedError, ValidationError } from "../lib/errors.ts";
import { actsAsAdmin } from "../secondFactor/index.ts";
import { prepareReport, type ReportRow, reportRows } from "./reports.ts";

/** The file formats a report downloads as (`?format=`), the first by default. */
export const REPORT_FORMATS = ["csv", "json"] as const;
const isReportFormat = (format: string): format is (typeof REPORT_FORMATS)[number] =>
  (REPORT_FORMATS as readonly string[]).includes(format);

/**
 * GET /api/admin/reports/{name}: the one /api path that streams a file instead of running a
 * GraphQL operation (a report can be tens of thousands of rows). It reads the same session and
 * applies the same admin rule.
 */
export async function downloadReport(
  context: Context,
  name: string,
  query: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
) {
  try {
    if (!context.viewer) throw new NotAuthenticatedError();
    // The same refusal as every admin path: a staff member's is said and audited (docs/rules/roles.md).
    if (!actsAsAdmin(context)) throw accessRefusal(context, `the ${name} report download`);
    // A token acts for its administrator only within its scopes.
    if (context.apiToken && !tokenMayDownloadReport(context.apiToken.token.scopes, name))
      throw new ForbiddenError(SCOPE_REFUSAL_MESSAGE);
    const format = (query.get("format") ?? REPORT_FORMATS[0]).toLowerCase();
    if (!isReportFormat(format))
      throw new ValidationError(`format must be ${REPORT_FORMATS.map((f) => `"${f}"`).join(" or ")}.`, "format");
    const { definition, filters } = prepareReport(name, query);
    const day = new Date().toISOString().slice(0, 10);
    // Compressed as it goes when the client accepts it: rows of text shrink several times over.
    const out = startCompressedStream(req, res, 200, {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.${format}"`,
    });
    const rows = reportRows(context.prisma, definition, filters);
    if (format === "json") await streamJson(rows, out, req);
    else await streamCsv(definition.columns, rows, out, req);
    // Ended: the answer is done once the last (compressed) bytes have gone, or the client left.
    await new Promise<void>((resolve) => {
      if (res.writableFinished || res.destroyed) resolve();
      else res.once("close", resolve);
      out.end();
    });
  } catch (error) {
    if (res.headersSent) {
      context.log.error({ err: error }, "report stream failed");
      res.destroy(error as Error);
      return;
    }
    if (error instanceof AppError) {
      res.writeHead(error.httpStatus, { "Content-Type": "text/plain; charset=utf-8" }).end(error.message);
      return;
    }
    throw error;
  }
}

async function streamCsv(columns: string[], batches: AsyncGenerator<ReportRow[]>, out: Writable, req: IncomingMessage) {
  // The shared rule (lib/csv.ts, also the browser's): RFC 4180 with formula-safe cells. One write per batch.
  out.write(csvHeader(columns));
  for await (const batch of batches) {
    if (req.destroyed) break;
    let chunk = "";
    for (const row of batch) chunk += csvLine(columns, row);
    await write(out, chunk);
  }
}

async function streamJson(batches: AsyncGenerator<ReportRow[]>, out: Writable, req: IncomingMessage) {
  let first = true;
  out.write("[");
  for await (const batch of batches) {
    if (req.destroyed) break;
    const chunk = batch.map((row) => JSON.stringify(row)).join(",");
    await write(out, `${first ? "" : ","}${chunk}`);
    first = false;
  }
  out.write("]");
}

/** Waits for room when the client reads slower than the rows come, or for the end if it left. */
async function write(out: Writable, chunk: string) {
  if (out.write(chunk)) return;
  await new Promise((resolve) => {
    out.once("drain", resolve);
    out.once("close", resolve);
  });
}
