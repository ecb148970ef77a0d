import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import { buildSchema, specifiedRules, validate } from "graphql";
import type { ConcreteRequest } from "relay-runtime";
import { describe, expect, it } from "vitest";
import { QUERY_LIMITS } from "../../../../api/src/graphql/yoga.ts";
import { operationText } from "../../../build/persistedDocuments.ts";

/*
 * Every operation the admin app sends must pass the server's query limits (depth, tokens, aliases,
 * directives): a page that composes many fragments can cross them without anyone noticing until the
 * server refuses it. Checked here with the same rules the server runs, on the compiled text. Page
 * sizes and cost depend on variables: api/src/graphql/requestLimits.test.ts checks every operation.
 */

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const GENERATED = path.join(ROOT, "web/src/__generated__");
const schema = buildSchema(readFileSync(path.join(ROOT, "schema.graphql"), "utf8"));

const operationFiles = readdirSync(GENERATED).filter((file) => /^[Aa]dmin.*(Query|Mutation)\.graphql\.ts$/.test(file));

describe("admin operations stay within the server's query limits", () => {
  it("finds the admin operations", () => {
    expect(operationFiles.length).toBeGreaterThan(10);
  });

  for (const file of operationFiles) {
    it(file.replace(".graphql.ts", ""), async () => {
      const artifact = (await import(path.join(GENERATED, file))).default as ConcreteRequest;
      const text = operationText(artifact.params);
      const parser = new MaxTokensParserWLexer(text, { n: QUERY_LIMITS.maxTokens });
      const document = parser.parseDocument();
      const errors = validate(schema, document, [
        ...specifiedRules,
        // With the options the server runs them with (api/src/graphql/yoga.ts).
        maxDepthRule({ n: QUERY_LIMITS.maxDepth, flattenFragments: true }),
        maxAliasesRule({ n: QUERY_LIMITS.maxAliases }),
        maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives }),
      ]);
      expect(errors.map((error) => error.message)).toEqual([]);
    });
  }
});
