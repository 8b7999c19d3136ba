import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../src/files/write-atomic.ts";

export const PERFORMANCE_DOC = "docs/performance.md";
const BEGIN = "<!-- bench:begin (written by `npm run bench -- --write`; edit around it) -->";
const END = "<!-- bench:end -->";

/** A block written by a benchmark of its own (`npx tsx bench/<name>.ts --write`), apart from npm run bench's. */
export function namedMarkers(name: string): { readonly begin: string; readonly end: string } {
  return { begin: `<!-- bench:${name}:begin (written by \`npx tsx bench/${name}.ts --write\`; edit around it) -->`, end: `<!-- bench:${name}:end -->` };
}

/**
 * Replaces the generated block of docs/performance.md with `block`, keeping the prose around it; a doc
 * without the markers gets them, with the block, at its end.
 */
export async function writePerformanceDoc(block: string, path = PERFORMANCE_DOC, markers = { begin: BEGIN, end: END }): Promise<void> {
  const doc = await readFile(path, "utf8").catch(() => "# Performance\n");
  const generated = `${markers.begin}\n\n${block.trim()}\n\n${markers.end}`;
  const begin = doc.indexOf(markers.begin);
  const end = doc.indexOf(markers.end);
  const next = begin !== -1 && end > begin ? doc.slice(0, begin) + generated + doc.slice(end + markers.end.length) : `${doc.trimEnd()}\n\n${generated}\n`;
  await writeFileAtomic(path, next);
}

/** A benchmark's last step: print its block, and with `--write` put it into docs/performance.md between its markers. */
export async function publish(rendered: string, name: string): Promise<void> {
  process.stdout.write(`${rendered}\n`);
  if (!process.argv.includes("--write")) return;
  await writePerformanceDoc(rendered, PERFORMANCE_DOC, namedMarkers(name));
  process.stderr.write(`wrote ${PERFORMANCE_DOC}\n`);
}
