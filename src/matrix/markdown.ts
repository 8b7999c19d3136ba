import type { Target } from "../reports/report.ts";
import type { Cell, Column, Matrix } from "./data.ts";
import { columnVerdict, packagesLine, STATUS_LABEL, targetLabel } from "./labels.ts";
import { linkTarget } from "../reports/escape/url.ts";
import { markdownCell, markdownCode, markdownText } from "../reports/escape/markdown.ts";

/** matrix.md: property × implementation, each failure linking to its shrunk counterexample. */
export function renderMatrixMarkdown(matrix: Matrix): string {
  const header = `| property | level | ${matrix.columns.map((column) => `${code(column.name)}`).join(" | ")} |`;
  const rule = `| --- | --- | ${matrix.columns.map(() => ":---:").join(" | ")} |`;
  const rows = matrix.properties.map(
    (property) => `| ${code(property.id)} | ${property.level} | ${matrix.columns.map((column) => cell(column.cells[property.id])).join(" | ")} |`,
  );
  const verdicts = `| **verdict** | | ${matrix.columns.map((column) => columnVerdict(column)).join(" | ")} |`;
  return [
    "# prunecheck conformance matrix",
    "",
    `Generated ${matrix.created} by prunecheck ${matrix.prunecheck} on Node ${matrix.node}. Each column is one \`prunecheck run\` of an implementation; ${legend()}. Reports are in one folder per implementation beside this file.`,
    "",
    header,
    rule,
    ...rows,
    verdicts,
    "",
    "## Implementations",
    "",
    "| name | implementation | target | level | runs per property | seed | capabilities | packages | seconds |",
    "| --- | --- | --- | --- | ---: | ---: | --- | --- | ---: |",
    ...matrix.columns.map(implementationRow),
    "",
  ].join("\n");
}

function legend(): string {
  return Object.values(STATUS_LABEL)
    .map(({ symbol, word }) => `${symbol} ${word}`)
    .join(", ");
}

function cell(value: Cell | undefined): string {
  if (value === undefined) return "";
  const { symbol } = STATUS_LABEL[value.status];
  const violated = value.violated === undefined ? "" : ` ${code(value.violated)}`;
  return value.report === undefined ? `${symbol}${violated}` : `${symbol}${violated} [counterexample](${linkTarget(value.report)})`;
}

function implementationRow(column: Column): string {
  const implementation = column.error === undefined ? escape(column.implementation) : `could not start: ${escape(column.error)}`;
  const cells = [
    code(column.name),
    implementation,
    targetText(column.target),
    column.level,
    String(column.runs),
    String(column.seed),
    escape(column.capabilities.join(", ")),
    escape(packagesLine(column)),
    column.seconds.toFixed(1),
  ];
  return `| ${cells.join(" | ")} |`;
}

function targetText(target: Target): string {
  return target.kind === "reference" ? targetLabel(target) : code(targetLabel(target));
}

/** Table cells only: every value below is rendered into one. */
function code(text: string): string {
  return markdownCell(markdownCode(text));
}

function escape(text: string): string {
  return markdownCell(markdownText(text));
}
