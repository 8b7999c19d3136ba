import { xmlText } from "./escape/xml.ts";
import type { RunSummary } from "./summary.ts";

/** One JUnit test case per property, so a CI dashboard shows which condition failed. */
export function renderJUnit(summary: RunSummary): string {
  const cases = summary.results.map((result) => {
    const open = `    <testcase classname="prunecheck.${xmlText(summary.implementation)}.${summary.level}" name="${xmlText(result.property)}" time="${(result.ms / 1000).toFixed(3)}"`;
    switch (result.status) {
      case "passed":
        return `${open}/>`;
      case "skipped":
        return `${open}>\n      <skipped message="${xmlText(result.reason ?? "not applicable")}"/>\n    </testcase>`;
      case "failed":
        return `${open}>\n      <failure message="${xmlText(`${result.violated}: ${result.message ?? ""}`)}" type="${xmlText(result.violated ?? result.property)}">${xmlText(`report: ${result.report ?? ""}.md`)}</failure>\n    </testcase>`;
      default:
        return `${open}>\n      <error message="${xmlText(result.message ?? result.status)}" type="${result.status}"/>\n    </testcase>`;
    }
  });
  const count = (status: string) => summary.results.filter((result) => result.status === status).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="prunecheck" tests="${summary.results.length}" failures="${count("failed")}" errors="${count("error") + count("interrupted")}" time="${summary.seconds.toFixed(3)}">`,
    `  <testsuite name="${xmlText(`${summary.implementation} (${summary.level})`)}" tests="${summary.results.length}" failures="${count("failed")}" errors="${count("error") + count("interrupted")}" skipped="${count("skipped")}" time="${summary.seconds.toFixed(3)}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

