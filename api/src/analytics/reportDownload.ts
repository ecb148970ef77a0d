import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "../graphql/context.ts";
import { csvHeader, csvLine } from "../lib/csv.ts";
import { AppError, ForbiddenError, NotAuthenticatedError, ValidationError } from "../lib/errors.ts";
import { actsAsAdmin, enrolFirstRefusal } from "../secondFactor/index.ts";
import { prepareReport, type ReportRow, reportRows } from "./reports.ts";

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
    if (!actsAsAdmin(context))
      throw enrolFirstRefusal(context) ?? new ForbiddenError("You do not have permission to do this");
    const format = (query.get("format") ?? "csv").toLowerCase();
    if (format !== "csv" && format !== "json") throw new ValidationError('format must be "csv" or "json".', "format");
    const { definition, filters } = prepareReport(name, query);
    const day = new Date().toISOString().slice(0, 10);
    res.writeHead(200, {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${day}.${format}"`,
    });
    const rows = reportRows(context.prisma, definition, filters);
    if (format === "json") await streamJson(rows, res, req);
    else await streamCsv(definition.columns, rows, res, req);
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

async function streamCsv(
  columns: string[],
  batches: AsyncGenerator<ReportRow[]>,
  res: ServerResponse,
  req: IncomingMessage,
) {
  // The shared rule (lib/csv.ts, also the browser's): RFC 4180 with formula-safe cells. One write per batch.
  res.write(csvHeader(columns));
  for await (const batch of batches) {
    if (req.destroyed) break;
    let chunk = "";
    for (const row of batch) chunk += csvLine(columns, row);
    if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
  }
  await new Promise<void>((resolve) => res.end(resolve));
}

async function streamJson(batches: AsyncGenerator<ReportRow[]>, res: ServerResponse, req: IncomingMessage) {
  let first = true;
  res.write("[");
  for await (const batch of batches) {
    if (req.destroyed) break;
    const chunk = batch.map((row) => JSON.stringify(row)).join(",");
    if (!res.write(`${first ? "" : ","}${chunk}`)) await new Promise((resolve) => res.once("drain", resolve));
    first = false;
  }
  res.end("]");
}
