/** Where the CLI's words go. Only main.ts binds it to the process, so everything else is testable as data. */
export interface Io {
  /** A line that stays: verdicts, the summary. */
  line(text: string): void;
  /** A transient status line: redrawn in place on a TTY, dropped in CI logs. */
  progress(text: string): void;
  /** A status line for a log, sent every `statusEveryMs`: a line of its own on stderr off a TTY, dropped on one. */
  status(text: string): void;
  /** How often a long command sends status(); 0 for never. */
  readonly statusEveryMs: number;
  error(text: string): void;
}

/** An Io that keeps what is written, for tests: live lines drawn and status lines apart from errors. */
export function memoryIo(
  statusEveryMs = 0,
): Io & { readonly lines: string[]; readonly errors: string[]; readonly drawn: string[]; readonly statuses: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  const drawn: string[] = [];
  const statuses: string[] = [];
  return {
    lines,
    errors,
    drawn,
    statuses,
    statusEveryMs,
    line: (text) => lines.push(text),
    progress: (text) => drawn.push(text),
    status: (text) => statuses.push(text),
    error: (text) => errors.push(text),
  };
}

/** Folds a multi-line message (zod's `✖ …` / `→ at …`) onto one line, so each terminal line is one verdict. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}
