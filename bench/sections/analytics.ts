// d. The analytics reads (REST), each at its maximum and at half of it.
import { readsSection } from "./reads.ts";

export const analytics = readsSection(
  "d",
  "analytics",
  "d. Analytics (10 connections; then half that rate, open loop)",
);
