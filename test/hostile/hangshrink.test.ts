import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { leftoverProcesses } from "../helpers/processes.ts";
import { processMarker, readReports, readSummary, ROOT, spawnCli, tempDir } from "../cli/helpers.ts";

const FIXTURE = join(ROOT, "test", "fixtures", "hostile", "hangshrink", "hang-on-empty.mjs");
const TIMEOUT_MS = 2000;

describe.concurrent("prunecheck run on an adapter that hangs on one kind of span", () => {
  // Seed 2 finds the hang in a 14-span window on the first run, seed 3 in a 2-span one after four.
  for (const seed of [2, 3]) {
    it(`seed ${seed}: shrinks the hang to the one empty span, at a short timeout, confirmed at the full one`, async ({ expect }) => {
      const out = tempDir();
      const marker = processMarker(`hangshrink-${seed}`);
      const cmd = `${marker} "${process.execPath}" "${FIXTURE}"`;
      const run = await spawnCli([
        "run",
        "--cmd",
        cmd,
        "--property",
        "inputs-immutable",
        "--timeout-ms",
        String(TIMEOUT_MS),
        "--seed",
        String(seed),
        "--out",
        out,
      ]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(1);

      const [{ stem, report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
      expect(report.property.id).toBe("adapter-protocol");
      expect(report.finding.message).toContain(`[timeout]`);
      expect(report.finding.message).toContain(`within ${TIMEOUT_MS} ms`);
      expect(report.before?.spans.map((span) => span.text)).toEqual([""]);
      expect(report.hang_shrink).toMatchObject({ full_timeout_ms: TIMEOUT_MS, smallest_confirmed: true });
      expect(report.hang_shrink?.timeout_ms).toBeLessThan(TIMEOUT_MS);
      expect(report.shrinks).toBeGreaterThan(0);
      expect(readFileSync(`${stem}.md`, "utf8")).toContain(
        `instead of the full ${TIMEOUT_MS} ms; this case was then run again at the full timeout and hung there too.`,
      );

      // Find and shrink times are the report's; their sum is the property's time in the summary.
      const [result] = readSummary(out).results;
      const find = report.find_ms ?? NaN;
      const shrink = report.shrink_ms ?? NaN;
      expect(find + shrink).toBeCloseTo(result?.ms ?? NaN, 0);
      expect(find).toBeGreaterThanOrEqual(TIMEOUT_MS);
      // At the full timeout each shrink that hangs would cost 2 s and a restart; the confirmation does.
      expect(shrink).toBeLessThan(TIMEOUT_MS * (report.shrinks + 1));
      expect(await leftoverProcesses(marker)).toEqual([]);
    });
  }
});
