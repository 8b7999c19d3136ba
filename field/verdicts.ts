import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Matrix } from "../src/matrix/data.ts";

/**
 * Whose each violation of the field's libraries is (field/verdicts.json): the library's fault, with the
 * standalone reproductions that show it; a documented design choice, the library doing what it says it
 * does; or a stand-in, what the adapter or the harness contributes (an option left unset, an endpoint
 * played). A team choosing a compactor reads the faults; a maintainer reads that the rest are not claimed
 * as faults.
 */
const Kind = z.enum(["fault", "design", "stand-in"]);
const Reason = z.strictObject({ kind: Kind.exclude(["fault"]), text: z.string().min(1) });
const Fault = z.strictObject({ kind: z.literal("fault"), reproductions: z.array(z.string().regex(/^[\w-]+\/repro\/[\w-]+\.md$/)).min(1) });
const Entry = z.union([z.string(), Reason, Fault]);
export const Verdicts = z.strictObject({
  reasons: z.record(z.string(), Reason),
  implementations: z.record(z.string(), z.record(z.string(), Entry)),
});
export type Verdicts = z.infer<typeof Verdicts>;

export const VERDICTS_JSON = "field/verdicts.json";
export const FINDINGS = "docs/findings.md";
const START = "<!-- verdicts: npx tsx field/write-verdicts.ts writes this section from field/verdicts.json -->";
const END = "<!-- verdicts end -->";

export function readVerdicts(root: URL): Verdicts {
  return Verdicts.parse(JSON.parse(readFileSync(new URL(VERDICTS_JSON, root), "utf8")));
}

/** The violations each classified implementation has in the matrix: the cells that failed. */
export function failedCells(matrix: Pick<Matrix, "columns">, names: readonly string[]): Record<string, readonly string[]> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      Object.entries(matrix.columns.find((column) => column.name === name)?.cells ?? {})
        .filter(([, cell]) => cell.status === "failed")
        .map(([property]) => property),
    ]),
  );
}

/**
 * What is wrong with the classification against the matrix: a violation left out, one classified that is
 * not one, a reason no one defines or no one uses.
 */
export function classificationGaps(verdicts: Verdicts, failed: Record<string, readonly string[]>): string[] {
  const used = new Set(Object.values(verdicts.implementations).flatMap((entries) => Object.values(entries).filter((entry) => typeof entry === "string")));
  const unused = Object.keys(verdicts.reasons)
    .filter((id) => !used.has(id))
    .map((id) => `reason "${id}" is defined and used by no violation`);
  return [
    ...unused,
    ...Object.entries(verdicts.implementations).flatMap(([name, entries]) => [
      ...(failed[name] ?? []).filter((property) => !(property in entries)).map((property) => `${name}: ${property} violated, not classified`),
      ...Object.keys(entries)
        .filter((property) => !(failed[name] ?? []).includes(property))
        .map((property) => `${name}: ${property} classified, not violated in the matrix`),
      ...Object.entries(entries).flatMap(([property, entry]) =>
        typeof entry === "string" && !(entry in verdicts.reasons) ? [`${name}: ${property} names reason "${entry}", which is not defined`] : [],
      ),
    ]),
  ];
}

/** The section of docs/findings.md, between its markers. */
export function renderVerdicts(verdicts: Verdicts): string {
  const kindOf = (entry: z.infer<typeof Entry>) => (typeof entry === "string" ? verdicts.reasons[entry]!.kind : entry.kind);
  const cell = (entries: Record<string, z.infer<typeof Entry>>, kind: z.infer<typeof Kind>) => {
    const listed = Object.entries(entries)
      .filter(([, entry]) => kindOf(entry) === kind)
      .map(([property, entry]) => {
        if (typeof entry === "string") return `\`${property}\` (${entry})`;
        if (entry.kind === "fault") return `\`${property}\` (${entry.reproductions.map((path, at) => `[${at + 1}](../field/${path})`).join(", ")})`;
        return `\`${property}\` (*)`;
      });
    return listed.length === 0 ? "—" : listed.join(", ");
  };
  const rows = Object.entries(verdicts.implementations).map(
    ([name, entries]) =>
      `| \`${name.replace(/-compact-only$/, "")}\` | ${cell(entries, "fault")} | ${cell(entries, "design")} | ${cell(entries, "stand-in")} |`,
  );
  const reasons = Object.entries(verdicts.reasons).map(([id, reason]) => `- **${id}** (${reason.kind}): ${reason.text}`);
  const own = Object.entries(verdicts.implementations).flatMap(([name, entries]) =>
    Object.entries(entries).flatMap(([property, entry]) =>
      typeof entry === "string" || entry.kind === "fault"
        ? []
        : [`- \`${name.replace(/-compact-only$/, "")}\`, \`${property}\` (${entry.kind}): ${entry.text}`],
    ),
  );
  return [
    START,
    "",
    "| library (its own `compact`) | the library's fault (reproductions) | a documented design choice | what the adapter or harness stands in for |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    "The reasons named in the table:",
    "",
    ...reasons,
    "",
    "Marked (*):",
    "",
    ...own,
    "",
    END,
  ].join("\n");
}

/** docs/findings.md with its verdicts section replaced; throws if the markers are missing. */
export function withVerdicts(findings: string, verdicts: Verdicts): string {
  const start = findings.indexOf(START);
  const end = findings.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FINDINGS}: no verdicts section between "${START}" and "${END}"`);
  return findings.slice(0, start) + renderVerdicts(verdicts) + findings.slice(end + END.length);
}
