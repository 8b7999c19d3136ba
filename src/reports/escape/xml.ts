import { terminalText } from "./terminal.ts";

/**
 * Text for XML (JUnit), in an element or a quoted attribute: the characters XML gives a meaning escaped;
 * every control character shown as an escape (`\x07`), as in the other renderings, so a CI dashboard
 * shows that a BEL or an RLO was there instead of obeying or dropping it; line breaks and tabs kept, as
 * XML 1.0 can carry them; and what XML 1.0 cannot carry at all (a lone surrogate, U+FFFE, U+FFFF) replaced.
 */
export function xmlText(text: string): string {
  return terminalText(text)
    .replace(/[\ufffe\uffff]|\p{Cs}/gu, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
