import { visibleControls } from "./terminal.ts";

/**
 * Markdown from data an adapter chose (names, span ids, texts, messages, stderr). Whatever the data, it
 * stays inside the construct it was put in: it never starts a block or a line, never opens raw HTML or a
 * comment (which would hide the rest of a CI step summary), never closes the code span or fence around it.
 */

/** Line endings (CR, LF, CRLF, blank lines): each run folds to one space, since a new line may start a new block. */
const LINE_BREAK = /[\r\n]+/g;

/**
 * Plain text inline: the characters that open inline constructs are backslash-escaped, `<`, `>` and `&`
 * become entities (no HTML, no comment, no entity the data did not spell), and what could make the text
 * the start of a block if it began a line or a list item (a list marker, indentation) is neutralized.
 * Tabs and other controls are shown as escapes (`\x09`), so the only blank that can lead is a space.
 */
export function markdownText(text: string): string {
  return visibleControls(text.replace(LINE_BREAK, " "))
    .replace(/[\\`*_~[\]#$]/g, "\\$&")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/^([-+=])/, "\\$1")
    .replace(/^(\d{1,9})([.)])/, "$1\\$2")
    .replace(/^ /, "&#32;");
}

/**
 * An inline code span showing `text` as it is (line breaks folded, controls visible): fenced by one
 * backtick more than the longest run inside, padded with a space where a backtick or a space would
 * otherwise touch the fence. Code spans show `<` literally, so nothing else needs escaping.
 */
export function markdownCode(text: string): string {
  const content = visibleControls(text.replace(LINE_BREAK, " ")) || " ";
  const fence = "`".repeat(longestBacktickRun(content) + 1);
  const pad = /^[ `]|[ `]$/.test(content) && content.trim() !== "" ? " " : "";
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A fenced code block holding `content` exactly: no line inside can close a fence longer than any backtick run in it. */
export function markdownFence(content: string, info = ""): string {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${fence}${info}\n${content}\n${fence}`;
}

/**
 * Markdown (from the functions above) as a table cell: GFM splits cells on every unescaped pipe, inside a
 * code span too, and turns `\|` back into `|` before it parses the cell.
 */
export function markdownCell(markdown: string): string {
  return markdown.replace(/\|/g, "\\|");
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(/`+/g)) longest = Math.max(longest, run.length);
  return longest;
}
