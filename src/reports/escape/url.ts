/**
 * A relative path as a link target (Markdown and HTML), percent-encoded: a space, a pipe, a quote or an
 * unbalanced parenthesis would end the link or the table cell early. Lone surrogates become U+FFFD first,
 * since encodeURI throws on them.
 */
export function linkTarget(path: string): string {
  return encodeURI(path.replace(/\p{Cs}/gu, "\ufffd")).replace(/[()]/g, (paren) => (paren === "(" ? "%28" : "%29"));
}
