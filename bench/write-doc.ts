import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../src/files/write-atomic.ts";

export const PERFORMANCE_DOC = "docs/performance.md";
const BEGIN = "<!-- bench:begin (written by `npm run bench -- --write`; edit around it) -->";
const END = "<!-- bench:end -->";

/**
 * Replaces the generated block of docs/performance.md with `block`, keeping the prose around it; a doc
 * without the markers gets them, with the block, at its end.
 */
export async function writePerformanceDoc(block: string, path = PERFORMANCE_DOC): Promise<void> {
  const doc = await readFile(path, "utf8").catch(() => "# Performance\n");
  const generated = `${BEGIN}\n\n${block.trim()}\n\n${END}`;
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  const next = begin !== -1 && end > begin ? doc.slice(0, begin) + generated + doc.slice(end + END.length) : `${doc.trimEnd()}\n\n${generated}\n`;
  await writeFileAtomic(path, next);
}
