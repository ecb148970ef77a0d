import { describe, expect, it } from "vitest";
import * as shared from "../../../api/src/lib/csv.ts";
import { csvField, datedFileName, toCsv } from "./csv.ts";

describe("client CSV", () => {
  it("writes cells and files with the server's rule, not a copy of it", () => {
    expect(csvField).toBe(shared.csvField);
    expect(toCsv).toBe(shared.toCsv);
  });

  it("names files with the local date", () => {
    expect(datedFileName("customers", "csv", new Date(2025, 6, 8, 23, 59))).toBe("customers-2025-07-08.csv");
  });
});
