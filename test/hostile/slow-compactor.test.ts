import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRUNERS, readReports, readSummary, spawnCli, tempDir } from "../cli/helpers.ts";
import { HANG_SHRINK_MS } from "../../src/models/hang-shrink.ts";
import { SHOWN_SPANS } from "../../src/reports/excerpt.ts";

/**
 * Issue 46's first trap, as its user met it: a model-driven compactor whose compact takes time growing with
 * the square of the window (25 s at 3,000 spans) looked hung for 15 minutes at `--runs 1000`, then gave a
 * 31 MB report. Its "Done when": the timeout finding within 2 minutes of the first timeout, a report under
 * 1 MB, and a status line naming the timeout while it shrinks.
 */
describe("prunecheck run on a compactor that is quadratic in the window", () => {
  it("reports its timeout within 2 minutes of the first, under 1 MB, naming the timeout while it shrinks", async () => {
    const out = tempDir();
    const run = await spawnCli(["run", "--impl", join(PRUNERS, "quadratic.mjs"), "--level", "strict", "--runs", "1000", "--seed", "3", "--out", out], {
      env: { PRUNECHECK_PROGRESS_INTERVAL_MS: "5000" },
    });

    expect(run.code).toBe(1);
    const summary = readSummary(out);
    expect(summary.violations).toEqual(["adapter-protocol"]);
    const reports = readReports(out);
    expect(reports).toHaveLength(1);
    const [{ stem, report }] = reports as [(typeof reports)[number]];
    expect(report.finding.message).toMatch(/^adapter fault \[timeout\].*compact request \d+: no answer within 5000 ms/);
    // Shrinking stops trying smaller cases after HANG_SHRINK_MS; the rest is the confirmation at the full timeout.
    expect(report.shrink_ms).toBeLessThan(120_000);
    expect(report.hang_shrink?.full_timeout_ms).toBe(5000);
    for (const file of [`${stem}.json`, `${stem}.md`]) expect(statSync(file).size).toBeLessThan(1_000_000);

    // The report says how big the window was, and shows the spans that matter of it.
    const whole = report.excerpt?.before?.spans ?? 0;
    expect(whole).toBeGreaterThan(1000);
    expect(report.before?.spans.length).toBeLessThanOrEqual(SHOWN_SPANS);
    expect(report.story).toContainEqual(expect.stringContaining(`and ${whole} spans; told here are the`));

    // While it shrank (HANG_SHRINK_MS at least, so several status lines), the status line named the timeout.
    expect(HANG_SHRINK_MS).toBeGreaterThanOrEqual(4 * 5000);
    expect(run.stderr).toMatch(/\d+ timeouts? so far, the first: adapter fault \[timeout\].*no answer within 5000 ms.*; shrinking [a-z-]+ \(\d/);
  });
});
