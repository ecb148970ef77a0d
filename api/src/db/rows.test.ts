import { describe, expect, it } from "vitest";
import { customerFromRow, userFromRow } from "./rows.ts";

describe("row readers", () => {
  it("read a row given as PostgreSQL's JSON: its timestamps as Dates, other text as it is", () => {
    const user = userFromRow({
      id: 7,
      username: "2026-01-02 03:04:05",
      email: "a@example.com",
      isAdmin: false,
      sessionVersion: 3,
      createdAt: "2026-01-02T03:04:05.678+00:00",
      updatedAt: "2026-01-03T00:00:00+00:00",
    });
    expect(user.createdAt).toEqual(new Date("2026-01-02T03:04:05.678Z"));
    expect(user.updatedAt).toEqual(new Date("2026-01-03T00:00:00.000Z"));
    expect(user.username).toBe("2026-01-02 03:04:05");
  });

  it("keep the Dates node-postgres gives, and nulls, with a prefix", () => {
    const verifiedAt = new Date("2026-02-01T10:00:00.000Z");
    const customer = customerFromRow(
      { c_id: 1, c_verifiedAt: verifiedAt, c_termsAcceptedAt: "2026-01-31T09:00:00+00:00", c_rejectionReason: null },
      "c_",
    );
    expect(customer.verifiedAt).toBe(verifiedAt);
    expect(customer.termsAcceptedAt).toEqual(new Date("2026-01-31T09:00:00.000Z"));
    expect(customer.rejectionReason).toBeNull();
  });
});
