import { z } from "zod";

/**
 * How a model's summary of a precondition span goes wrong, one change per kind the design note names:
 * the negation dropped ("X was tried and failed because Y" is the only defense against retrying X), a
 * number or unit changed, the scope qualifier dropped ("production, not staging"; "as of commit abc123"),
 * the constraint generalized (the note's own "schema constraints verified"), and the changes a careless
 * comparison misses: letter case and white space.
 */
export const PARAPHRASES = ["drop-negation", "change-number", "drop-scope", "generalize-constraint", "change-case", "change-whitespace"] as const;
export const Paraphrase = z.enum(PARAPHRASES);
export type Paraphrase = z.infer<typeof Paraphrase>;

const NEGATION = /\b(?:NOT|not|never|no)\s+|n't\b/;
/** What a scope qualifier looks like in tool output, most specific first: "…, not staging", "as of …", "against …", "on linux/amd64", "(…)". */
const SCOPES = [/,\s*not\s+\w+/, /\s*\bas of\s+[^,;]+/, /\s*\bagainst\s+\w+/, /\s+on\s+[\w/.-]+/, /\s*\([^()]*\)/];
/** A failure's reason, then a column type with its constraints ("VARCHAR(255) NOT NULL UNIQUE", "BIGINT CHECK (…)"). */
const CONSTRAINTS: readonly [RegExp, string][] = [
  [/\bfailed because .*$/, "did not work"],
  [
    /\b(?:VARCHAR|CHAR|TEXT|BIGINT|INTEGER|INT|SMALLINT|BOOLEAN|NUMERIC|DECIMAL|TIMESTAMP|DATE|UUID|JSONB?)(?:\(\d+(?:,\s*\d+)?\))?(?:\s+(?:NOT NULL|NULL|UNIQUE|PRIMARY KEY|CHECK\s*\([^)]*\)))*/,
    "a value",
  ],
];

/** The first of `patterns` that matches, replaced; `text` as it is when none does. */
function replaceFirst(text: string, patterns: readonly (readonly [RegExp, string])[]): string {
  const hit = patterns.find(([pattern]) => pattern.test(text));
  return hit === undefined ? text : text.replace(hit[0], hit[1]);
}

/** The design note's summary that "was true at the token level and false at the semantic level". */
const LAUNDERED = "schema constraints verified";

/**
 * `text` with the change applied, never `text` itself: where the change has nothing to act on (no number
 * to change, no qualifier to drop), it falls back to one that does, so every paraphrase is a paraphrase.
 */
export function paraphrase(text: string, change: Paraphrase): string {
  const changed = apply(text, change);
  return changed !== text ? changed : fallback(text, change);
}

function apply(text: string, change: Paraphrase): string {
  switch (change) {
    case "drop-negation":
      return text.replace(NEGATION, "");
    case "change-number":
      return text.replace(/\d+/, (digits) => String(BigInt(digits) + 1n));
    case "drop-scope":
      return replaceFirst(
        text,
        SCOPES.map((pattern) => [pattern, ""] as const),
      );
    case "generalize-constraint":
      return replaceFirst(text, CONSTRAINTS);
    case "change-case":
      return text.toUpperCase() !== text ? text.toUpperCase() : text.toLowerCase();
    case "change-whitespace":
      return text.replace(/\s+/g, " ").trim();
  }
}

/** The change where the text offers nothing to act on: still the same kind of loss, stated outright. */
function fallback(text: string, change: Paraphrase): string {
  switch (change) {
    case "drop-negation":
      // A negative result kept only as "tried": the reason it failed is what is lost.
      return text.includes(";") ? (text.split(";")[0] as string) : `${text} (works)`;
    case "change-number":
      return `${text} 2`;
    case "drop-scope":
      return text.includes(" ") ? text.slice(0, text.lastIndexOf(" ")) : `${text}*`;
    case "generalize-constraint":
      return text === LAUNDERED ? "verified" : LAUNDERED;
    case "change-case":
      return `${text}A`;
    case "change-whitespace":
      return `${text} `;
  }
}
