import { describe, expect, it } from "vitest";
import { exitCodeOf } from "../cli/exit-code.ts";
import { renderSummaryMarkdown } from "./markdown.ts";
import { summarizeRun, summaryLine, type ResultLine } from "./summary.ts";

const passed = (property: string): ResultLine => ({ property, status: "passed", runs: 5, requests: 20, ms: 10 });
const errored = (property: string): ResultLine => ({
  property,
  status: "error",
  runs: 1,
  requests: 1,
  ms: 1,
  message: "this is a bug in prunecheck, please report it: boom",
});

function summaryOf(results: readonly ResultLine[]) {
  return summarizeRun({ implementation: "mine", level: "core", capabilities: ["prune"], seconds: 1, seed: 1, interrupted: false, results });
}

describe("the verdict never says conforms of what was not checked (issue 33: a false green)", () => {
  it("says conforms when every property was checked and passed", () => {
    const summary = summaryOf([passed("depth-bound"), passed("kept-untouched")]);
    expect(summaryLine(summary)).toMatch(/^prunecheck: mine conforms at core /);
    expect(renderSummaryMarkdown(summary)).toContain("## prunecheck: `mine` at core: conforms\n");
  });

  it("says not fully checked, naming what errored, in the line and in summary.md, and exits 2", () => {
    const summary = summaryOf([passed("depth-bound"), errored("kept-untouched")]);
    expect(summaryLine(summary)).toMatch(/^prunecheck: mine was NOT fully checked \(kept-untouched stopped by an error\) at core /);
    expect(summaryLine(summary)).not.toContain("conforms");
    const heading = renderSummaryMarkdown(summary).split("\n")[0];
    expect(heading).toBe("## prunecheck: `mine` at core: not fully checked (1 property stopped by an error), no violation in what was checked");
    expect(exitCodeOf(summary)).toBe(2);
  });

  it("says conforms in the line exactly when summary.md does and the exit code is 0: every property passed or skipped, no error, no stop", () => {
    const statuses = ["passed", "skipped", "failed", "error", "interrupted"] as const;
    for (const status of statuses)
      for (const interrupted of [false, true])
        for (const error of [undefined, { kind: "internal", code: "internal", message: "boom" } as const]) {
          const line: ResultLine = { ...passed("kept-untouched"), status, ...(status === "failed" ? { violated: "kept-untouched" } : {}) };
          const summary = summarizeRun({ ...summaryOf([passed("depth-bound"), line]), interrupted, ...(error === undefined ? {} : { error }) });
          const clean = (status === "passed" || status === "skipped") && !interrupted && error === undefined;
          const said = [summaryLine(summary).includes(" conforms at "), renderSummaryMarkdown(summary).split("\n")[0]!.endsWith(": conforms"), exitCodeOf(summary) === 0];
          expect(said, `${status}, interrupted ${interrupted}, error ${error !== undefined}`).toEqual([clean, clean, clean]);
        }
  });

  it("a campaign whose budget ran out before a property's first round says so, never conforms, and exits 2", () => {
    const unjudged: ResultLine = { ...passed("kept-untouched"), status: "interrupted", runs: 0, message: "the budget ran out before its first round" };
    const summary = summaryOf([passed("depth-bound"), unjudged]);
    expect(summaryLine(summary)).toMatch(/^prunecheck: mine was NOT fully checked \(kept-untouched not judged\) at core /);
    expect(renderSummaryMarkdown(summary)).toContain("## prunecheck: `mine` at core: not fully checked (1 property not judged), no violation in what was checked\n");
    expect(exitCodeOf(summary)).toBe(2);
  });

  it("checked nothing: every property skipped, or none chosen, says so in the line and in summary.md, and exits 2 (issue 45)", () => {
    const skipped = (property: string): ResultLine => ({ property, status: "skipped", runs: 0, requests: 0, ms: 0, reason: "needs capability summarize" });
    const all = summaryOf([skipped("depth-bound"), skipped("kept-untouched")]);
    expect(summaryLine(all)).toMatch(/^prunecheck: mine was checked for NOTHING \(all 2 properties were skipped, each for the reason shown\) at core \(0 properties checked, 2 skipped, /);
    expect(renderSummaryMarkdown(all).split("\n")[0]).toBe("## prunecheck: `mine` at core: checked for nothing (2 properties skipped, none judged)");
    expect(exitCodeOf(all)).toBe(2);
    const none = summaryOf([]);
    expect(summaryLine(none)).toMatch(/^prunecheck: mine was checked for NOTHING \(no property was chosen\) /);
    expect(exitCodeOf(none)).toBe(2);
  });
});
