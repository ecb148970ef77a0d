// The zod pieces the REST routes' documented answers share (route.ts RouteDocs), one definition each.
import { z } from "zod";

/** Money as pounds with two decimals, as text ("1250.00"): never a float. */
export const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Pounds with two decimals, as text");

/** A moment as ISO 8601 text in UTC. */
export const timestamp = z.string().describe("ISO 8601 date and time");

/** A row's numeric id: the one its REST paths and `?after=` take. */
export const id = z.number().int().positive();

/** The answer of an action that only confirms. */
export const messageAnswer = z.object({ message: z.string() });

/** Body text that may also be sent as a number (amounts, ids): the shim reads it as its decimal text. */
export const textOrNumber = z.union([z.string(), z.number()]);
