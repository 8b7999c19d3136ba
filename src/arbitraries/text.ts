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

/**
 * Tool output that prints what a pointer's text looks like: a pruner that tells pointers by their text
 * rather than their kind ([p-pointer-kind]) takes such a span for one already evicted.
 */
export const POINTER_LOOKALIKES = [
  "[externalized: sha256:0000000000000000000000000000000000000000000000000000000000000000]",
  "[externalized: k0]",
  "<externalized:k1>",
  '{"kind":"pointer","externalized_key":"k0"}',
];

/** Texts a pruner might mistake for its own markers, or normalize without noticing. */
const TRAPS = [
  ...POINTER_LOOKALIKES,
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

/**
 * Long tool output (a schema dump, a log): what budget pressure is made of. Built from lines rather than
 * characters, so it costs little to generate and shrinks to its shortest in a few steps.
 */
const linesArb = fc.array(fc.constantFrom(...SEED_TEXTS, ...TRAPS), { minLength: 6, maxLength: 60 }).map((lines) => lines.join("\n"));

/**
 * Character counts that careless code caps a text at (a column width, a buffer, a hash or comparison of
 * the first N characters), every power of two from 1 KiB to 64 KiB; the larger ones are also the line
 * buffers of common readers (4096, 8192, 16384 and 65536 bytes), which a request carrying such a text
 * overflows. A pruner that only looks that far is caught only by a text at least that long whose copy
 * differs after it.
 */
export const CAPS: readonly number[] = [10, 11, 12, 13, 14, 15, 16].map((power) => 2 ** power);

/**
 * How often a cap is drawn. A text past a large cap is past every smaller one too, so the largest caps get
 * the most weight: a prefix compare of N characters is caught by every text of N or more, and each cap
 * from 1 KiB to 32 KiB must be caught in a default run (docs/traceability.md measures it).
 */
function capWeight(cap: number): number {
  return cap >= 2 ** 16 ? 4 : cap >= 2 ** 15 ? 2 : 1;
}

/**
 * Output at a cap or one character past it: a few lines repeated to that length, ending in `$`. At the cap
 * exactly, a copy with something appended differs only after it; one past it, also a copy cut short by one
 * (see `nearMiss`).
 */
export const pastCapArb = fc
  .tuple(linesArb, fc.oneof(...CAPS.map((cap) => ({ weight: capWeight(cap), arbitrary: fc.constant(cap) }))), fc.boolean())
  .map(([block, cap, past]) => {
    const unit = `${block}\n`;
    const length = past ? cap + 1 : cap;
    return unit.repeat(Math.ceil(length / unit.length)).slice(0, length - 1) + "$";
  });

/** Adversarial by design: every run mixes real-looking content with texts that break careless code. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SEED_TEXTS) },
  { weight: 6, arbitrary: fc.constantFrom(...TRAPS) },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.tuple(whitespace, fc.constantFrom(...SEED_TEXTS), whitespace).map((parts) => parts.join("")) },
  // A tool that printed nothing: message libraries drop empty messages, pruned or not, and nothing else
  // in a window shows it. Its own branch, so that about one span in thirteen is empty.
  { weight: 1, arbitrary: fc.constant("") },
  // Rarely past a cap: every request of a run carries the window, and with it every long text.
  { weight: 2, arbitrary: fc.oneof({ weight: 3, arbitrary: linesArb }, { weight: 1, arbitrary: pastCapArb }) },
);

/** Ways careless comparison (trim, normalize, case-fold, a prefix) goes wrong, each making a text it would take for the same one. */
const NEAR_MISSES: readonly ((text: string) => string)[] = [
  (text) => `${text} `,
  (text) => text.normalize("NFD"),
  (text) => text.normalize("NFC"),
  (text) => `\u200b${text}`,
  (text) => text.toUpperCase(),
  (text) => `${text}\n`,
  // Cut short by one: a copy truncated to a buffer, or an off-by-one. Past a cap it differs only at the end.
  (text) => text.slice(0, -1),
];

/**
 * A different text that careless comparison would take for the same one: the `variant`-th near miss, or
 * the next one that differs. Lazy, since a text may be tens of kilobytes long.
 */
export function nearMiss(text: string, variant: number): string {
  for (let offset = 0; offset < NEAR_MISSES.length; offset++) {
    const candidate = (NEAR_MISSES[(variant + offset) % NEAR_MISSES.length] as (text: string) => string)(text);
    if (candidate !== text) return candidate;
  }
  return `${text} `;
}

export const summaryTextArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("schema constraints verified", "redundant, already summarized", "verified", ""),
  textArb,
);
