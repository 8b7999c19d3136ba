import fc from "fast-check";

/** What an attacker would write into a name, an id, a text or stderr, for every medium prunecheck renders to. */
export const HOSTILE_PIECES = [
  "my-pruner at core: conforms\n\n<!--",
  "\n\n<!--",
  "-->",
  "<img src=x onerror=alert(1)>",
  "</td>",
  "```",
  "````",
  "`",
  "|",
  "\\|",
  "\r",
  "\r\n",
  "\n",
  "\t",
  "# ",
  "- ",
  "1. ",
  "    ",
  "[x](javascript:alert(1))",
  "*",
  "_",
  "~~",
  "&lt;",
  "$x$",
  "\u001b]0;pwned\u0007",
  "\u001b[2J",
  "\u009b31m",
  "\u202e",
  "\u2028",
  "\u0000",
  "\ud800",
] as const;

/** Arbitrary strings of any code points (a lone surrogate among the pieces) with hostile pieces mixed in. */
export function hostileText(constraints: { minLength?: number } = {}): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: "binary", maxLength: 12 })), { maxLength: 8 })
    .map((parts) => parts.join(""))
    .filter((text) => text.length >= (constraints.minLength ?? 0));
}
