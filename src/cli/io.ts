/** Where the CLI's words go. Only main.ts binds it to the process, so everything else is testable as data. */
export interface Io {
  /** A line that stays: verdicts, the summary. */
  line(text: string): void;
  /** A transient status line: redrawn in place on a TTY, dropped in CI logs. */
  progress(text: string): void;
  error(text: string): void;
}

export function memoryIo(): Io & { readonly lines: string[]; readonly errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, line: (text) => lines.push(text), progress: () => {}, error: (text) => errors.push(text) };
}

/** Folds a multi-line message (zod's `✖ …` / `→ at …`) onto one line, so each terminal line is one verdict. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ");
}
