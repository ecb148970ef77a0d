// c. The administrator's lists (customers, a deep page, a search, one customer, the queues), each
// at its maximum and at half of it.
import { readsSection } from "./reads.ts";

export const adminLists = readsSection(
  "c",
  "adminLists",
  "c. Admin lists (10 connections; then half that rate, open loop)",
);
