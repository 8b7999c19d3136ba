import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHOWN_SPANS } from "../../src/reports/excerpt.ts";
import { cli, PRUNERS, readReports, readSummary, tempDir } from "./helpers.ts";

const MODULE = join(PRUNERS, "keeps-last-256.ts");

// `run` meets real context sizes as fuzz does: a pruner that only fails past 256 spans is a `run` finding.
describe("prunecheck run with big windows", () => {
  it("catches a pruner that fails only past 256 spans, and the report replays it with big windows", async () => {
    const out = tempDir();
    const { code, lines } = await cli(["run", "--impl", MODULE, "--property", "kept-untouched", "--runs", "25", "--seed", "5", "--out", out]);
    expect(code, lines.join("\n")).toBe(1);
    expect(readSummary(out).violations).toEqual(["kept-untouched"]);
    const [found] = readReports(out);
    expect(found?.report.origin).toMatchObject({ kind: "random", seed: 5, bigWindows: true });
    // Shrunk to the 257 spans the fault needs, of which the report shows those that matter (issue 46), the
    // span the finding names among them.
    expect(found?.report.excerpt?.before?.spans).toBe(257);
    expect(found?.report.before?.spans.length).toBeLessThanOrEqual(SHOWN_SPANS);
    expect(found?.report.before?.spans.map((span) => span.span_id)).toContain(found?.report.finding.span_id);

    const replayed = await cli(["replay", `${found?.stem}.json`, "--impl", MODULE]);
    expect(replayed.code, replayed.lines.join("\n")).toBe(1);
    const fixed = await cli(["replay", `${found?.stem}.json`, "--impl", join(PRUNERS, "reference.ts")]);
    expect(fixed.code, fixed.lines.join("\n")).toBe(0);
  });
});
