/**
 * What a hostile answer costs the harness (issue 33): each answer of the attack, read as the stdio driver
 * reads it, in a process of its own so that its peak RSS is its own. The answers stay inside the 64 MiB
 * line limit; the limits (src/wire/limits.ts) must make each a finding at a cost bounded by them, not by
 * the line. `npx tsx bench/hostile.ts [--write]` (`--write`: into docs/performance.md).
 */
import { execFileSync } from "node:child_process";
import { publish } from "./write-doc.ts";

export interface HostileRow {
  readonly name: string;
  readonly lineMb: number;
  readonly ms: number;
  /** The child's peak resident set, the runtime and the line itself included. */
  readonly peakRssMb: number;
  /** Its resident set once the line was built, before it was read. */
  readonly baseRssMb: number;
  readonly verdict: string;
}

const answer = (spans: string) => `{"id":1,"ok":true,"window":{"spans":${spans},"derivation_depth":1}}`;
const many = (count: number, item: string) => `[${Array(count).fill(item).join(",")}]`;
const fieldsObject = (count: number) => `{${Array.from({ length: count }, (_, index) => `"k${index}":0`).join(",")}}`;
const deep = (levels: number) => answer(`[{"span_id":"s","text":"t","tags":[],"externalized_key":null,"x":${"[".repeat(levels)}${"]".repeat(levels)}}]`);

/** The attacks of issue 33, each as the answer line an adapter writes. */
export const HOSTILE_CASES = {
  "spans: 1M zeros (2 MB)": () => answer(many(1_000_000, "0")),
  "spans: 8M zeros (16 MB)": () => answer(many(8_000_000, "0")),
  "spans: 1M empty objects": () => answer(many(1_000_000, "{}")),
  "spans: 19,999 empty objects (at the limit)": () => answer(many(19_999, "{}")),
  "60 objects of 20,000 fields (1.2M values, 12 MB)": () => answer(many(60, fieldsObject(20_000))),
  "objects of 20,000 fields filling 64 MiB": () => answer(many(Math.floor((64 * 1024 * 1024 - 100) / (fieldsObject(20_000).length + 1)), fieldsObject(20_000))),
  "a field 1M arrays deep": () => deep(1_000_000),
  "a field 30M arrays deep (60 MB)": () => deep(30_000_000),
  "a valid window of 3,000 spans (for scale)": () =>
    answer(
      JSON.stringify(
        Array.from({ length: 3000 }, (_, index) => ({ span_id: `s${index}`, text: "x".repeat(300), tags: ["constraint"], externalized_key: `k${index}` })),
      ),
    ),
} as const satisfies Record<string, () => string>;

export function benchHostile(): HostileRow[] {
  const child = new URL("./hostile-child.ts", import.meta.url).pathname;
  return Object.keys(HOSTILE_CASES).map(
    (name) => JSON.parse(execFileSync(process.execPath, ["--import", "tsx", child, name], { encoding: "utf8", maxBuffer: 1 << 20 })) as HostileRow,
  );
}

export function renderHostile(rows: readonly HostileRow[]): string {
  return [
    `Measured ${new Date().toISOString()}: each answer read as the stdio driver reads a line (\`readResponse\`: the depth scan of a long line, JSON.parse, the limits, the schema), in a process of its own. Peak RSS is the process's, the line and the runtime included; "before" is its RSS once the line was built.`,
    "",
    "| answer | line | time to the verdict | peak RSS (before) | verdict |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.lineMb.toFixed(1)} MB | ${row.ms.toFixed(0)} ms | ${Math.round(row.peakRssMb)} MB (${Math.round(row.baseRssMb)} MB) | ${row.verdict} |`,
    ),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rendered = renderHostile(benchHostile());
  await publish(rendered, "hostile");
}
