import { visibleControls } from "./terminal.ts";

/**
 * Text for HTML, in an element or a quoted attribute: the five characters HTML gives a meaning escaped, and
 * every control character (ESC, BEL, NUL, a right-to-left override) shown as an escape, since a browser
 * would otherwise keep some of them raw in a tooltip and reorder what is shown (issue 33).
 */
export function htmlText(text: string): string {
  return visibleControls(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
