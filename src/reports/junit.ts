import type { RunSummary } from "./summary.ts";

/** One JUnit test case per property, so a CI dashboard shows which condition failed. */
export function renderJUnit(summary: RunSummary): string {
  const cases = summary.results.map((result) => {
    const open = `    <testcase classname="prunecheck.${xml(summary.implementation)}.${summary.level}" name="${xml(result.property)}" time="${(result.ms / 1000).toFixed(3)}"`;
    switch (result.status) {
      case "passed":
        return `${open}/>`;
      case "skipped":
        return `${open}>\n      <skipped message="${xml(result.reason ?? "not applicable")}"/>\n    </testcase>`;
      case "failed":
        return `${open}>\n      <failure message="${xml(`${result.violated}: ${result.message ?? ""}`)}" type="${xml(result.violated ?? result.property)}">${xml(`report: ${result.report ?? ""}.md`)}</failure>\n    </testcase>`;
      default:
        return `${open}>\n      <error message="${xml(result.message ?? result.status)}" type="${result.status}"/>\n    </testcase>`;
    }
  });
  const count = (status: string) => summary.results.filter((result) => result.status === status).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="prunecheck" tests="${summary.results.length}" failures="${count("failed")}" errors="${count("error") + count("interrupted")}" time="${summary.seconds.toFixed(3)}">`,
    `  <testsuite name="${xml(`${summary.implementation} (${summary.level})`)}" tests="${summary.results.length}" failures="${count("failed")}" errors="${count("error") + count("interrupted")}" skipped="${count("skipped")}" time="${summary.seconds.toFixed(3)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/** Escapes for attributes and text; replaces what XML 1.0 cannot carry at all (some controls, lone surrogates). */
function xml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu, "\ufffd")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
