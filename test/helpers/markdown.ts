/**
 * Just enough of CommonMark and GFM to check the structure of prunecheck's Markdown from the outside:
 * where fenced code blocks begin and end, which text is inside code spans, how a table row splits into
 * cells. Written from the specs, not from the renderers, so the tests do not grade the code by itself.
 */

export interface FencedBlock {
  readonly info: string;
  readonly content: string;
}

export interface MarkdownLayout {
  /** The lines outside every fenced block, in order. */
  readonly lines: readonly string[];
  readonly blocks: readonly FencedBlock[];
  /** A block still open when the document ended (everything after its opening was swallowed). */
  readonly unclosed: boolean;
}

/** CommonMark splits lines on LF, CR and CRLF alike. */
export function markdownLines(markdown: string): string[] {
  return markdown.split(/\r\n|\r|\n/);
}

/** Backtick fences only (the renderers write no tildes): an opening of n ≥ 3 closes at the first line of ≥ n backticks alone. */
export function markdownLayout(markdown: string): MarkdownLayout {
  const lines: string[] = [];
  const blocks: FencedBlock[] = [];
  const all = markdownLines(markdown);
  for (let index = 0; index < all.length; index += 1) {
    const line = all[index] as string;
    const opening = /^ {0,3}(`{3,})([^`]*)$/.exec(line);
    if (opening === null) {
      lines.push(line);
      continue;
    }
    const length = (opening[1] as string).length;
    const end = all.findIndex((candidate, at) => at > index && new RegExp(`^ {0,3}\`{${length},}[ \\t]*$`).test(candidate));
    if (end === -1) return { lines, blocks, unclosed: true };
    blocks.push({ info: (opening[2] as string).trim(), content: all.slice(index + 1, end).join("\n") });
    index = end;
  }
  return { lines, blocks, unclosed: false };
}

export interface Inline {
  /** The line with every code span cut out. */
  readonly text: string;
  /** The contents of the code spans, as CommonMark shows them. */
  readonly code: readonly string[];
}

/** A backtick run of length n opens a code span that ends at the next run of exactly n; with none, it is literal. */
export function codeSpans(line: string): Inline {
  const code: string[] = [];
  let text = "";
  let at = 0;
  while (at < line.length) {
    if (line[at] === "\\" && line[at + 1] === "`") {
      text += "\\`";
      at += 2;
      continue;
    }
    if (line[at] !== "`") {
      text += line[at];
      at += 1;
      continue;
    }
    const run = /^`+/.exec(line.slice(at))?.[0] as string;
    const close = findRun(line, at + run.length, run.length);
    if (close === -1) {
      text += run;
      at += run.length;
      continue;
    }
    const raw = line.slice(at + run.length, close);
    // One space is stripped from each side when both are there and the content is not all spaces.
    code.push(raw.length > 1 && raw.startsWith(" ") && raw.endsWith(" ") && /[^ ]/.test(raw) ? raw.slice(1, -1) : raw);
    at = close + run.length;
  }
  return { text, code };
}

function findRun(line: string, from: number, length: number): number {
  for (const match of line.slice(from).matchAll(/`+/g)) if (match[0].length === length) return from + (match.index ?? 0);
  return -1;
}

/** The cells of a GFM table row: split on pipes no backslash escapes, trimmed of blanks, `\|` then read as `|`. */
export function tableCells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/^[ \t]+|[ \t]+$/g, "").replace(/\\\|/g, "|"));
}
