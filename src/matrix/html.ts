import type { Cell, Column, Matrix } from "./data.ts";
import { columnVerdict, packagesLine, STATUS_LABEL, targetLabel } from "./labels.ts";
import { linkTarget } from "../reports/escape/url.ts";
import { htmlText as esc } from "../reports/escape/html.ts";

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem; color: #1f2328; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .6rem; }
thead th { position: sticky; top: 0; background: #f6f8fa; vertical-align: bottom; }
th.property { text-align: left; font-weight: normal; }
td.cell { text-align: center; min-width: 6rem; }
td.passed { background: #dafbe1; } td.failed { background: #ffebe9; } td.skipped { background: #f6f8fa; color: #8c959f; }
td.error, td.interrupted { background: #fff8c5; }
tr.verdict td { font-weight: 600; text-align: center; }
code { font: 12px ui-monospace, monospace; }
small { color: #57606a; }`;

/** matrix.html: the same table as matrix.md, as one self-contained page. */
export function renderMatrixHtml(matrix: Matrix): string {
  const head = matrix.columns
    .map(
      (column) => `<th>${esc(column.name)}<br><small>${esc(column.level)}${packagesLine(column) === "" ? "" : `<br>${esc(packagesLine(column))}`}</small></th>`,
    )
    .join("");
  const rows = matrix.properties.map(
    (property) =>
      `<tr><th class="property" title="${esc(property.title)}"><code>${esc(property.id)}</code> <small>${esc(property.level)}</small></th>${matrix.columns.map((column) => cell(column.cells[property.id])).join("")}</tr>`,
  );
  const verdicts = `<tr class="verdict"><td>verdict</td>${matrix.columns.map((column) => `<td>${esc(columnVerdict(column))}</td>`).join("")}</tr>`;
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    "<title>prunecheck conformance matrix</title>",
    `<style>${STYLE}</style></head><body>`,
    "<h1>prunecheck conformance matrix</h1>",
    `<p>Generated ${esc(matrix.created)} by prunecheck ${esc(matrix.prunecheck)} on Node ${esc(matrix.node)}. Each column is one <code>prunecheck run</code> of an implementation; ${Object.values(
      STATUS_LABEL,
    )
      .map(({ symbol, word }) => `${symbol} ${esc(word)}`)
      .join(", ")}. A failure links to its shrunk counterexample.</p>`,
    `<table><thead><tr><th>property</th>${head}</tr></thead><tbody>`,
    ...rows,
    verdicts,
    "</tbody></table>",
    "<h2>Implementations</h2>",
    "<table><thead><tr><th>name</th><th>implementation</th><th>target</th><th>level</th><th>runs per property</th><th>seed</th><th>capabilities</th><th>packages</th><th>seconds</th></tr></thead><tbody>",
    ...matrix.columns.map(implementationRow),
    "</tbody></table>",
    "</body></html>",
    "",
  ].join("\n");
}

function cell(value: Cell | undefined): string {
  if (value === undefined) return '<td class="cell"></td>';
  const { symbol, word } = STATUS_LABEL[value.status];
  const violated = value.violated === undefined ? "" : ` <code>${esc(value.violated)}</code>`;
  const label = value.report === undefined ? `${symbol}${violated}` : `<a href="${esc(linkTarget(value.report))}">${symbol} ${esc(word)}</a>${violated}`;
  return `<td class="cell ${value.status}"${value.note === undefined ? "" : ` title="${esc(value.note)}"`}>${label}</td>`;
}

function implementationRow(column: Column): string {
  const implementation = column.error === undefined ? esc(column.implementation) : `could not start: ${esc(column.error)}`;
  const cells = [
    `<code>${esc(column.name)}</code>`,
    implementation,
    `<code>${esc(targetLabel(column.target))}</code>`,
    esc(column.level),
    String(column.runs),
    String(column.seed),
    esc(column.capabilities.join(", ")),
    esc(packagesLine(column)),
    column.seconds.toFixed(1),
  ];
  return `<tr>${cells.map((content) => `<td>${content}</td>`).join("")}</tr>`;
}
