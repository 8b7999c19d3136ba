import { describe, expect, it } from "vitest";
import type { ResultLine } from "../reports/summary.ts";
import { verdictLine } from "./verdict-line.ts";

const base = { property: "kept-untouched", runs: 200, requests: 812, ms: 40 } as const;
const failed: ResultLine = {
  ...base,
  status: "failed",
  violated: "kept-untouched",
  message: "after prune:\n  span s2 changed",
  report: "reports/kept-untouched-ref-7",
};

describe("verdictLine", () => {
  it("says a pass with its runs and requests, or with the runs a campaign describes", () => {
    expect(verdictLine({ ...base, status: "passed" })).toBe("✔ kept-untouched (200 runs, 812 requests)");
    expect(verdictLine({ ...base, status: "passed" }, { runs: "9 exhaustive cases, 200 runs in 2 rounds" })).toBe(
      "✔ kept-untouched (9 exhaustive cases, 200 runs in 2 rounds, 812 requests)",
    );
  });

  it("folds a multi-line message onto the verdict's line and puts the report's path on the next", () => {
    expect(verdictLine(failed)).toBe("✖ kept-untouched: after prune: span s2 changed\n    report: reports/kept-untouched-ref-7.md");
    expect(verdictLine(failed, { origin: " [round 3, seed 42]" }).split("\n")[0]).toBe("✖ kept-untouched [round 3, seed 42]: after prune: span s2 changed");
  });

  it("names the property actually violated when it is another one (the protocol broke)", () => {
    expect(verdictLine({ ...failed, violated: "adapter-protocol", report: undefined })).toBe(
      "✖ kept-untouched: adapter-protocol: after prune: span s2 changed",
    );
  });

  it("says any other status with its message, or else its reason", () => {
    expect(verdictLine({ ...base, status: "interrupted", message: "stopped before it finished" })).toBe(
      "! kept-untouched: interrupted: stopped before it finished",
    );
    expect(verdictLine({ ...base, status: "skipped", reason: "strict-level property" })).toBe("! kept-untouched: skipped (strict-level property)");
  });
});
