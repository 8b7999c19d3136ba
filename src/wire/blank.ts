/**
 * When a model's summary counts as empty (docs/protocol.md, [p-model-failure]): when every character of it
 * is white space, and white space is exactly Unicode's White_Space property, 25 code points. Neither
 * language's own trim is the definition: JavaScript's trim removes U+FEFF (not white space) and keeps U+0085
 * (white space); Python's strip removes U+001C to U+001F (separators, not white space). The Python kit has
 * the same set (prunecheck_adapter/wire.py, is_blank); examples/python/tests/fixtures/blank.json holds both to
 * the characters where they disagree.
 */
const BLANK = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** Whether `text` is empty in the protocol's sense: no character but Unicode White_Space ("" included). */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}
