/**
 * How two texts that should be equal differ, for a finding or a story: around their first difference, with
 * every invisible character escaped. A near miss (a trailing space, a no-break space for a space) is what a
 * byte-exact rule catches, and the start of both texts cut at the same length shows nothing (issue 46).
 */

/** Characters around the first difference shown of each text. */
const EXCERPT = 24;

/**
 * Characters that print as nothing or as a plain space: format characters (zero-width, bidi controls, the
 * BOM), separators other than the space, the soft hyphen, and the spaces of other widths.
 */
const INVISIBLE = /[\u00a0\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

/** `text` as a JSON string (control characters escaped) with every invisible character escaped too. */
export function visible(text: string): string {
  return JSON.stringify(text).replace(INVISIBLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** How many leading UTF-16 code units `a` and `b` share. */
export function commonPrefix(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/**
 * "the first N characters alike, then "x" where the other has "y"": each text from its first difference,
 * `EXCERPT` characters of it, invisible characters escaped; "(the end)" where a text stops there.
 */
export function describeDifference(text: string, other: string, otherName: string): string {
  const at = commonPrefix(text, other);
  const from = (value: string) => (at >= value.length ? "(the end)" : visible(value.slice(at, at + EXCERPT)) + (value.length > at + EXCERPT ? "…" : ""));
  return `the first ${at} characters alike, then ${from(text)} where ${otherName} has ${from(other)}`;
}
