// f. How long the server took to answer its first health check, and its memory after the load.
import { rssMegabytes } from "../stack.ts";
import type { Section } from "./section.ts";

const RSS_BUDGET_MB = 300;

export const startAndMemory: Section = {
  letter: "f",
  name: "startAndMemory",
  title: "f. Start-up and memory",
  async run({ results, server }) {
    results.facts.rssAfterLoadMb = rssMegabytes(server.pid ?? 0);
    console.log(
      `  start to healthy ${results.facts.startToHealthyMs} ms; RSS after the load ${results.facts.rssAfterLoadMb} MB`,
    );
  },
  budgets({ results }) {
    if (results.facts.rssAfterLoadMb === undefined) return [];
    return [
      {
        budget: `RSS under ${RSS_BUDGET_MB} MB after the load`,
        figure: `${results.facts.rssAfterLoadMb} MB`,
        met: Number(results.facts.rssAfterLoadMb) < RSS_BUDGET_MB,
      },
    ];
  },
};
