import type { Target } from "../reports/report.ts";
import type { ResultStatus } from "../reports/summary.ts";
import type { Column } from "./data.ts";

/** What both renderings show for a cell's status. */
export const STATUS_LABEL: Record<ResultStatus, { readonly symbol: string; readonly word: string }> = {
  passed: { symbol: "✅", word: "pass" },
  failed: { symbol: "❌", word: "fail" },
  skipped: { symbol: "—", word: "not applicable" },
  interrupted: { symbol: "⏸", word: "interrupted" },
  error: { symbol: "⚠️", word: "error" },
};

/** A column's one-word outcome: what `prunecheck run`'s summary line would say. */
export function columnVerdict(column: Column): string {
  if (column.error !== undefined) return "could not start";
  const cells = Object.values(column.cells);
  const failed = cells.filter((cell) => cell.status === "failed").length;
  if (failed > 0) return `${failed} violation${failed === 1 ? "" : "s"}`;
  if (cells.some((cell) => cell.status === "error" || cell.status === "interrupted")) return "incomplete";
  return cells.some((cell) => cell.status === "passed") ? `conforms at ${column.level}` : "nothing checked";
}

export function packagesLine(column: Column): string {
  return Object.entries(column.packages)
    .map(([name, version]) => `${name}@${version}`)
    .join(", ");
}

/** How `prunecheck run` is told to reach the target. */
export function targetLabel(target: Target): string {
  switch (target.kind) {
    case "reference":
      return target.capabilities === undefined ? "embedded reference" : `embedded reference declaring ${target.capabilities.join(", ")}`;
    case "impl":
      return `--impl ${target.path}`;
    case "cmd":
      return `--cmd ${JSON.stringify(target.command)}`;
    case "recorded":
      return "recorded trace";
  }
}
