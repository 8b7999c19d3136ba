import { z } from "zod";
import { Target } from "../reports/report.ts";
import { Level } from "../models/property.ts";
import { ResultStatus } from "../reports/summary.ts";

export const MATRIX_FORMAT = "prunecheck-matrix/1";

/** One property × implementation verdict: the status its column's run gave the row's property. */
export const Cell = z.strictObject({
  status: ResultStatus,
  /** For failures: the property actually violated, when it is not the row's (adapter-protocol). */
  violated: z.string().optional(),
  /** The counterexample's Markdown report, relative to the matrix folder. */
  report: z.string().optional(),
  /** Why it was skipped or errored, or the finding. */
  note: z.string().optional(),
});
export type Cell = z.infer<typeof Cell>;

export const Column = z.strictObject({
  name: z.string(),
  /** The name the implementation gave itself (its reports carry it). */
  implementation: z.string(),
  target: Target,
  level: Level,
  runs: z.int(),
  seed: z.int(),
  capabilities: z.array(z.string()),
  /** Installed versions of the packages the config names for it. */
  packages: z.record(z.string(), z.string()),
  seconds: z.number(),
  /** Set when the implementation could not be started at all; every cell is then an error. */
  error: z.string().optional(),
  /** Keyed by property id. */
  cells: z.record(z.string(), Cell),
});
export type Column = z.infer<typeof Column>;

/**
 * `matrix.json`, the data that matrix.md and matrix.html render. Rows are the property catalog, columns the
 * implementations; everything about timing and dates is apart from `verdicts`, the part CI compares.
 */
export const Matrix = z.strictObject({
  format: z.literal(MATRIX_FORMAT),
  created: z.string(),
  prunecheck: z.string(),
  node: z.string(),
  properties: z.array(z.strictObject({ id: z.string(), level: Level, title: z.string() })),
  columns: z.array(Column),
});
export type Matrix = z.infer<typeof Matrix>;

/** Implementation → property → "passed" | "failed" | "failed: <violated>" | …: what a library upgrade may change. */
export type VerdictTable = Record<string, Record<string, string>>;

export function verdictTable(matrix: Pick<Matrix, "columns">): VerdictTable {
  return Object.fromEntries(
    matrix.columns.map((column) => [column.name, Object.fromEntries(Object.entries(column.cells).map(([property, cell]) => [property, verdictOf(cell)]))]),
  );
}

function verdictOf(cell: Cell): string {
  return cell.violated === undefined ? cell.status : `${cell.status}: ${cell.violated}`;
}

/** Every cell whose verdict differs, as "implementation / property: expected → actual" lines. */
export function compareVerdicts(expected: VerdictTable, actual: VerdictTable): string[] {
  const differences: string[] = [];
  for (const name of union(Object.keys(expected), Object.keys(actual))) {
    const want = expected[name];
    const got = actual[name];
    if (want === undefined || got === undefined) {
      differences.push(`${name}: ${want === undefined ? "not in the expected matrix" : "missing from this run"}`);
      continue;
    }
    for (const property of union(Object.keys(want), Object.keys(got))) {
      if (want[property] !== got[property]) differences.push(`${name} / ${property}: expected ${want[property] ?? "no row"}, got ${got[property] ?? "no row"}`);
    }
  }
  return differences;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}
