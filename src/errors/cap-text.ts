import { isHighSurrogate, isLowSurrogate } from "../wire/utf16.ts";

/**
 * The most characters of a finding message or fault detail: enough for both windows of a kept-untouched
 * finding at the generator's ordinary text sizes, while one adapter's 20 MB field stays out of stdout,
 * summary.json and the report's story. The windows themselves are the report's evidence and stay whole.
 */
export const MAX_MESSAGE_CHARS = 4000;

/**
 * `text` whole when it fits in `max` characters; otherwise its start and its end around a marker that
 * says how much was left out, `max` characters in all, so capping twice changes nothing. Both ends count:
 * "X became Y" keeps what Y ends with, and a refusal's "expected one of […]".
 */
export function capText(text: string, max = MAX_MESSAGE_CHARS): string {
  if (text.length <= max) return text;
  const room = max - `… (${text.length} more characters) …`.length;
  let head = Math.ceil(room / 2);
  let tail = text.length - Math.floor(room / 2);
  // Never cut a surrogate pair in two: half of one prints as garbage and is not valid UTF-8.
  if (isHighSurrogate(text.charCodeAt(head - 1))) head -= 1;
  if (isLowSurrogate(text.charCodeAt(tail))) tail += 1;
  // A copy of its own: V8's slices of the text would keep all of it alive as long as the cut is (issue 45: a
  // run's trace kept 1 MiB of a 20 MB answer's text, and so the 20 MB). structuredClone keeps every code
  // unit, lone surrogates included, as a round trip through UTF-8 would not.
  return structuredClone(`${text.slice(0, head)}… (${tail - head} more characters) …${text.slice(tail)}`);
}
