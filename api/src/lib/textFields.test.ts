import { describe, expect, it } from "vitest";
import { characterCount, TEXT_FIELDS, type TextRule, textProblem, typedTextProblem } from "./textFields.ts";

const RULES = Object.entries(TEXT_FIELDS) as [string, TextRule][];

/** Text of exactly n characters every field's narrower character set accepts. */
const fill = (n: number) => "a".repeat(n);

describe("the text-field rules", () => {
  it.each(RULES)("%s: takes its maximum length, refuses one more character, and 100 KB", (_name, rule) => {
    expect(textProblem(rule, fill(rule.max))).toBeNull();
    const tooLong = rule.tooLong ?? `${rule.label} must be at most ${rule.max} characters`;
    expect(textProblem(rule, fill(rule.max + 1))).toBe(tooLong);
    expect(textProblem(rule, fill(100_000))).toBe(tooLong);
  });

  const refusedEverywhere = [
    ["NUL", "\u0000"],
    ["BEL", "\u0007"],
    ["vertical tab", "\u000b"],
    ["form feed", "\u000c"],
    ["ESC", "\u001b"],
    ["DEL", "\u007f"],
    ["C1 NEL", "\u0085"],
    ["C1 CSI", "\u009b"],
    ...["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"].map((c) => [
      `bidi U+${c.charCodeAt(0).toString(16)}`,
      c,
    ]),
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "\udc00"],
    ["a low surrogate before a high one", "\udc00\ud800"],
  ];

  it.each(RULES)("%s: refuses control characters, bidi overrides and isolates, and lone surrogates", (_name, rule) => {
    const message = rule.notAllowed ?? `${rule.label} contains characters that are not allowed`;
    for (const [label, char] of refusedEverywhere) {
      expect(textProblem(rule, `ab${char}cd`), label).toBe(message);
      // At the ends too, where trimming would have dropped a vertical tab or a form feed.
      expect(typedTextProblem(rule, `abcd${char}`), label).toBe(message);
      expect(typedTextProblem(rule, `${char}abcd`), label).toBe(message);
    }
  });

  it("allows tab and line breaks inside multi-line fields only, and at the ends of any trimmed field", () => {
    const multiLine: TextRule[] = [
      TEXT_FIELDS.address,
      TEXT_FIELDS.notes,
      TEXT_FIELDS.rejectionReason,
      TEXT_FIELDS.cancellationReason,
      TEXT_FIELDS.declineReason,
    ];
    for (const rule of multiLine) {
      expect(textProblem(rule, "1 High Street\r\n\tLondon")).toBeNull();
    }
    const oneLine: TextRule[] = [
      TEXT_FIELDS.referralName,
      TEXT_FIELDS.firstName,
      TEXT_FIELDS.contractNumber,
      TEXT_FIELDS.search,
      TEXT_FIELDS.email,
    ];
    for (const rule of oneLine) {
      for (const breakChar of ["\t", "\n", "\r", "\u2028", "\u2029"])
        expect(textProblem(rule, `Ann${breakChar}Smith`)).toBe(
          `${rule.notAllowed ?? `${rule.label} contains characters that are not allowed`}`,
        );
      expect(typedTextProblem(rule, " Ann Smith\n")).toBeNull();
    }
  });

  it("counts characters as people do: an emoji or a surrogate pair is one", () => {
    expect(characterCount("😀")).toBe(1);
    expect(textProblem(TEXT_FIELDS.referralName, "😀".repeat(100))).toBeNull();
    expect(textProblem(TEXT_FIELDS.referralName, "😀".repeat(101))).toBe("Full name must be at most 100 characters");
    expect(textProblem(TEXT_FIELDS.referralName, "Zoë Ångström-O'Brien 李")).toBeNull();
  });

  it("never trims passwords: their spaces count, and control characters are refused anywhere", () => {
    expect(typedTextProblem(TEXT_FIELDS.password, ` ${"p".repeat(127)}`, { trim: false })).toBeNull();
    expect(typedTextProblem(TEXT_FIELDS.password, ` ${"p".repeat(128)}`, { trim: false })).toBe(
      "Password must be at most 128 characters",
    );
    expect(typedTextProblem(TEXT_FIELDS.password, "pass word 😀 ünïcode", { trim: false })).toBeNull();
    expect(typedTextProblem(TEXT_FIELDS.password, "password\t1", { trim: false })).toBe(
      "Password contains characters that are not allowed",
    );
  });

  it("keeps the narrower sets of usernames, second-factor codes and link tokens", () => {
    expect(textProblem(TEXT_FIELDS.username, "sarah.o_b@x-y")).toBeNull();
    expect(textProblem(TEXT_FIELDS.username, "sarah smith")).toBe(
      "Username may contain only letters, numbers and . _ @ -",
    );
    expect(textProblem(TEXT_FIELDS.secondFactorCode, "123 456")).toBeNull();
    expect(textProblem(TEXT_FIELDS.secondFactorCode, "abcde-fgh23")).toBeNull();
    expect(textProblem(TEXT_FIELDS.secondFactorCode, "12345;")).toBe("Invalid verification code");
    expect(textProblem(TEXT_FIELDS.passwordResetToken, "Ab-_09".repeat(7))).toBeNull();
    expect(textProblem(TEXT_FIELDS.passwordResetToken, "not a token")).toBe("This password reset link is invalid.");
  });
});
