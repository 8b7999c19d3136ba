import fc from "fast-check";

/** Texts the seed is about: the spans a later action depends on, word for word. */
const SEED_TEXTS = [
  "users.email: VARCHAR(255) NOT NULL UNIQUE",
  "orders.total_cents: BIGINT CHECK (total_cents >= 0)",
  "verified against production, not staging",
  "as of commit abc123",
  "tried `ALTER TABLE … TYPE int`; failed because rows exceed 2^31",
  "schema constraints verified",
  "postgres 15.4 on linux/amd64",
  // Identifiers are not all ASCII, and the same one arrives precomposed from one tool, decomposed from another.
  "clients.pr\u00e9nom: TEXT NOT NULL",
  "clients.pre\u0301nom: TEXT NOT NULL",
];

/** Texts a pruner might mistake for its own markers, or normalize without noticing. */
const TRAPS = [
  "[externalized: sha256:0000000000000000000000000000000000000000000000000000000000000000]",
  "[externalized: k0]",
  "<externalized:k1>",
  '{"kind":"pointer","externalized_key":"k0"}',
  "(summarized)",
  "café", // NFC
  "cafe\u0301", // NFD: looks the same, is not the same bytes
  "\u212B", // ANGSTROM SIGN, NFC-normalizes to U+00C5; escaped, so no editor can normalize the trap away
  "👩‍👩‍👧‍👦 🏳️‍🌈 🇫🇷",
  "zero\u200bwidth",
  "tab\tand\r\nCRLF",
  "\u0000nul",
  "  leading and trailing  ",
  "\n",
  " ",
  "",
];

const whitespace = fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000");

/** Adversarial by design: every run mixes real-looking content with texts that break careless code. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SEED_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...TRAPS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.tuple(whitespace, fc.constantFrom(...SEED_TEXTS), whitespace).map((parts) => parts.join("")) },
  // Long tool output (a schema dump, a log): what budget pressure is made of. Built from lines rather than
  // characters, so it costs little to generate and shrinks to its shortest in a few steps.
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...SEED_TEXTS, ...TRAPS), { minLength: 6, maxLength: 60 }).map((lines) => lines.join("\n")) },
);

/** A different text that careless comparison (trim, normalize, case-fold) would take for the same one. */
export function nearMiss(text: string, variant: number): string {
  const candidates = [
    `${text} `,
    text.normalize("NFD"),
    text.normalize("NFC"),
    `\u200b${text}`,
    text.toUpperCase(),
    `${text}\n`,
  ].filter((candidate) => candidate !== text);
  return candidates[variant % candidates.length] ?? `${text} `;
}

export const summaryTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("schema constraints verified", "redundant, already summarized", "verified", ""),
  textArb,
);
