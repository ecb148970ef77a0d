import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./databaseErrors.ts";

describe("isDatabaseUnavailable", () => {
  it("knows pg's errors of a connection cut or desynchronised, with or without a code", () => {
    const backend = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    for (const error of [
      backend,
      new Error("Connection terminated unexpectedly"),
      new Error("Client has encountered a connection error and is not queryable"),
      new Error("Received unexpected commandComplete message from backend."),
      new Error("Received unexpected dataRow message from backend."),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("wrapped", { cause: backend }),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it("leaves a bug a bug", () => {
    for (const error of [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      Object.assign(new Error('duplicate key value violates unique constraint "User_username_key"'), { code: "23505" }),
      new Error("Received an unexpected answer"),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
  });
});
