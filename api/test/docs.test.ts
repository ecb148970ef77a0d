import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The documentation holds together: README.md and docs/ link only to files and headings that
// exist, code comments cite only pages and sections that exist, and nothing names a tracker's
// issue number or a document outside the repository (docs/testing.md, "Unit and API tests").

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The documents: README.md and every Markdown page under docs/. */
function docFiles(root: string): string[] {
  const docs = join(root, "docs");
  const pages = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(".md"))
        .map((name) => join("docs", name))
    : [];
  return ["README.md", ...pages].filter((file) => existsSync(join(root, file))).sort();
}

const SOURCE_DIRS = ["api", "web", "e2e", "bench", "examples", "prisma", ".ci"];
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|mjs|js|cjs|sh|prisma)$|^\.ci\/run$/;
// Migrations keep the datamodel as it was when each was written: history, not documentation.
const GENERATED = /(^|\/)(generated|__generated__|node_modules|dist|results|migrations)(\/|$)/;

/** The code whose comments and test titles are held to the same rule as the documents. */
function sourceFiles(root: string): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
          .map((name) => join(dir, name))
          .filter((file) => SOURCE_EXTENSIONS.test(file) && !GENERATED.test(file))
      : [],
  ).sort();
}

/** Text outside fenced code blocks, line by line (numbers kept for the messages). */
function proseLines(text: string): { line: string; number: number }[] {
  let fenced = false;
  return text.split("\n").flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line, number: index + 1 }];
  });
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The headings of a Markdown text and their anchors (a repeated slug gets -1, -2, ...). */
function headings(text: string): { title: string; slug: string }[] {
  const seen = new Map<string, number>();
  return proseLines(text).flatMap(({ line }) => {
    const text = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (text === undefined) return [];
    const base = githubSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [{ title: text.replace(/[`*]/g, ""), slug: count === 0 ? base : `${base}-${count}` }];
  });
}

function readText(root: string, file: string): string {
  return readFileSync(join(root, file), "utf8");
}

/** Every relative link and anchor in the documents that does not resolve, as "file:line: why". */
function brokenLinks(root: string): string[] {
  const problems: string[] = [];
  for (const file of docFiles(root)) {
    for (const { line, number } of proseLines(readText(root, file))) {
      const withoutCode = line.replace(/`[^`]*`/g, "");
      for (const [, target = ""] of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [path, anchor] = target.split("#", 2) as [string, string | undefined];
        const targetFile = path === "" ? file : join(dirname(file), decodeURIComponent(path));
        const where = `${file}:${number}: ${target}`;
        if (relative(root, resolve(root, targetFile)).startsWith("..")) {
          problems.push(`${where}: points outside the repository`);
          continue;
        }
        if (!existsSync(join(root, targetFile))) {
          problems.push(`${where}: ${targetFile} does not exist`);
          continue;
        }
        if (anchor === undefined) continue;
        if (statSync(join(root, targetFile)).isDirectory() || !targetFile.endsWith(".md")) {
          problems.push(`${where}: an anchor needs a Markdown file`);
          continue;
        }
        const slugs = headings(readText(root, targetFile)).map((heading) => heading.slug);
        if (!slugs.includes(decodeURIComponent(anchor)))
          problems.push(`${where}: ${targetFile} has no heading #${anchor}`);
      }
    }
  }
  return problems;
}

/** An issue number ("issue 12", "Issue #12", "issues 3 and 4") or a document that is not in the repository. */
const FORBIDDEN = [
  { pattern: /\bissues?\s+#?\d+/i, why: "names an issue number" },
  { pattern: /\bdecisions\.md\b/i, why: "cites decisions.md, which is not in the repository" },
  { pattern: /\bproduct-spec(\.md)?\b/i, why: "cites product-spec.md, which is not in the repository" },
  { pattern: /\bui-direction(\.md)?\b/i, why: "cites ui-direction.md, which is not in the repository" },
  { pattern: /\bstack-facts(\.md)?\b/i, why: "cites stack-facts.md, which is not in the repository" },
  { pattern: /\/work\/(shared|helpers)\b/, why: "cites a file outside the repository" },
  { pattern: /\bspec(ification)?('s)? sections? \d/i, why: "cites a section of a document outside the repository" },
];

/** Every line of the documents, code comments and test titles that breaks FORBIDDEN. */
function outsideReferences(root: string): string[] {
  const problems: string[] = [];
  // A GraphQL description is printed into schema.graphql, which this rule may not change.
  const schemaFile = join(root, "schema.graphql");
  const published = existsSync(schemaFile) ? readFileSync(schemaFile, "utf8") : "";
  for (const file of [...docFiles(root), ...sourceFiles(root)]) {
    if (file === "api/test/docs.test.ts") continue; // the patterns themselves
    readText(root, file)
      .split("\n")
      .forEach((line, index) => {
        const quoted = /^\s*"(.+)",?$/.exec(line)?.[1];
        if (quoted && published.includes(quoted)) return;
        for (const { pattern, why } of FORBIDDEN)
          if (pattern.test(line)) problems.push(`${file}:${index + 1}: ${why}: ${line.trim()}`);
      });
  }
  return problems;
}

/**
 * Every page a code comment cites exists, and so does the section it names: `docs/api.md`,
 * `docs/rules/referrals.md, "Expiry and cancellations"`, `README, "Commands"`.
 */
function badCitations(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    if (file === "api/test/docs.test.ts") continue;
    readText(root, file)
      .split("\n")
      .forEach((line, index) => {
        const where = `${file}:${index + 1}`;
        for (const [, cited = ""] of line.matchAll(/\b(docs\/[\w./-]*\w\.md)\b/g))
          if (!existsSync(join(root, cited))) problems.push(`${where}: ${cited} does not exist`);
        for (const [, cited = "", name = ""] of line.matchAll(
          /\b(README(?:\.md)?|docs\/[\w./-]*\w\.md)(?:'s)?,?\s+"([^"]+)"/g,
        )) {
          const page = cited.startsWith("README") ? "README.md" : cited;
          if (!existsSync(join(root, page))) continue;
          const section = name.toLowerCase();
          const found = headings(readText(root, page)).some(
            (heading) => heading.title.toLowerCase().startsWith(section) || heading.slug === githubSlug(section),
          );
          if (!found) problems.push(`${where}: ${page} has no section "${name}"`);
        }
      });
  }
  return problems;
}

/** Where a path written in a document may start: the repository, the API's sources, the web app's. */
const PATH_ROOTS = ["", "api/src/", "api/", "web/", "web/src/", "bench/"];

/** Every source path a document names in code spans (`compose/schema.ts`) that exists nowhere. */
function missingFiles(root: string): string[] {
  const problems: string[] = [];
  for (const file of docFiles(root)) {
    for (const { line, number } of proseLines(readText(root, file))) {
      for (const [, path = ""] of line.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\.(?:ts|tsx|mjs|cjs|js|sh|prisma))`/g)) {
        const candidates = [...PATH_ROOTS.map((start) => join(start, path)), join(dirname(file), path)];
        if (!candidates.some((candidate) => existsSync(join(root, candidate))))
          problems.push(`${file}:${number}: ${path} does not exist`);
      }
    }
  }
  return problems;
}

describe("the documentation", () => {
  it("links only to files and headings that exist (README.md and docs/)", () => {
    expect(brokenLinks(ROOT)).toEqual([]);
  });

  it("names no issue number and no document outside the repository (docs, comments, test titles)", () => {
    expect(outsideReferences(ROOT)).toEqual([]);
  });

  it("has every docs page and section a code comment cites", () => {
    expect(badCitations(ROOT)).toEqual([]);
  });

  it("names only source files that exist", () => {
    expect(missingFiles(ROOT)).toEqual([]);
  });
});

describe("the documentation checks", () => {
  // A small tree with one of each fault, and the same kinds of things done right beside it.
  const FIXTURE: Record<string, string> = {
    "README.md": "# Product\n\n## Run it\n\nSee [rules](docs/rules/referrals.md#expiry) and [run](#run-it).\n",
    "docs/rules/referrals.md":
      "# Referrals\n\n## Expiry\n\nThe rule is in `referrals/service.ts`, once in `referrals/expiry.ts`.\nBack to [the README](../../README.md#run-it), [a page](../missing.md), [a heading](../../README.md#no-such-heading).\n\n```sh\n[not a link](nowhere.md)\n```\n",
    "api/src/referrals/service.ts":
      '// A referral expires after 90 days (docs/rules/referrals.md, "Expiry").\n// Fixed for issue 7.\n// See decisions.md and docs/rules/missing.md and README, "Gone section".\nexport const days = 90;\n',
  };
  let root = "";

  function plant(): string {
    root = mkdtempSync(join(tmpdir(), "docs-check-"));
    for (const [file, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    return root;
  }

  it("finds a link to a missing file and to a missing heading, and nothing else", () => {
    const problems = brokenLinks(plant());
    rmSync(root, { recursive: true });
    expect(problems).toEqual([
      "docs/rules/referrals.md:6: ../missing.md: docs/missing.md does not exist",
      "docs/rules/referrals.md:6: ../../README.md#no-such-heading: README.md has no heading #no-such-heading",
    ]);
  });

  it("finds an issue number and a document outside the repository", () => {
    const problems = outsideReferences(plant());
    rmSync(root, { recursive: true });
    expect(problems).toEqual([
      "api/src/referrals/service.ts:2: names an issue number: // Fixed for issue 7.",
      'api/src/referrals/service.ts:3: cites decisions.md, which is not in the repository: // See decisions.md and docs/rules/missing.md and README, "Gone section".',
    ]);
  });

  it("finds a cited page or section that does not exist", () => {
    const problems = badCitations(plant());
    rmSync(root, { recursive: true });
    expect(problems).toEqual([
      "api/src/referrals/service.ts:3: docs/rules/missing.md does not exist",
      'api/src/referrals/service.ts:3: README.md has no section "Gone section"',
    ]);
  });

  it("finds a source file a document names that does not exist", () => {
    const problems = missingFiles(plant());
    rmSync(root, { recursive: true });
    expect(problems).toEqual(["docs/rules/referrals.md:5: referrals/expiry.ts does not exist"]);
  });

  it("makes GitHub's anchors", () => {
    expect(githubSlug("Programme settings: two people for money")).toBe("programme-settings-two-people-for-money");
    expect(githubSlug("`npm run bench`: the figures (2026-11-28)")).toBe("npm-run-bench-the-figures-2026-11-28");
    expect(githubSlug("A customer's whole story")).toBe("a-customers-whole-story");
  });
});
