import { resolve } from "node:path";

/**
 * What a second signal leaves behind. The first stops a command cleanly and the command writes its
 * summary; the second exits at once (src/cli/main.ts), and before issue 33 a CI step then found no
 * summary.json. So while a command has not yet written its summary, a synchronous writer of a stand-in
 * waits here, one per output folder, and main runs them on the way out.
 */
const pending = new Map<string, () => void>();

/** Until the returned function is called, or a summary is written to `outDir`, `write` is what a forced exit writes there. */
export function keepLastWords(outDir: string, write: () => void): () => void {
  const key = resolve(outDir);
  pending.set(key, write);
  return () => {
    if (pending.get(key) === write) pending.delete(key);
  };
}

/** A real summary is in `outDir`: a stand-in would only overwrite it with less. */
export function summaryWritten(outDir: string): void {
  pending.delete(resolve(outDir));
}

/** Runs every waiting writer; returns what failed, for stderr (the process is about to exit either way). */
export function sayLastWords(): string[] {
  const failures: string[] = [];
  for (const [outDir, write] of pending) {
    try {
      write();
    } catch (error) {
      failures.push(`could not write the summary in ${outDir}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  pending.clear();
  return failures;
}
