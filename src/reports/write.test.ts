import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/cli/helpers.ts";
import type { RunSummary } from "./summary.ts";
import { removeEarlierReports } from "./write.ts";

/** A folder as a run leaves it: its summary naming `reports` (stems, OUT for the folder), and `written` of them written. */
function folderWith(reports: readonly string[], written: readonly string[] = reports): string {
  const out = tempDir();
  const stem = (report: string) => report.replace("OUT", out);
  const summary: RunSummary = {
    implementation: "p",
    level: "core",
    capabilities: ["prune"],
    runs: 1,
    requests: 1,
    violations: ["kept-untouched"],
    seconds: 1,
    seed: 1,
    interrupted: false,
    results: reports.map((report) => ({ property: "kept-untouched", status: "failed", runs: 1, requests: 1, ms: 1, violated: "kept-untouched", report: stem(report) })),
  };
  writeFileSync(join(out, "summary.json"), JSON.stringify(summary));
  for (const report of written) for (const extension of [".json", ".md"]) writeFileSync(`${stem(report)}${extension}`, "{}");
  return out;
}

describe("removeEarlierReports: a run's folder holds its own reports only (issue 46)", () => {
  it("removes the reports the folder's summary names, and nothing else there", async () => {
    const out = folderWith(["OUT/kept-untouched-p-1"]);
    writeFileSync(join(out, "notes.md"), "mine");

    expect(await removeEarlierReports(out)).toBe(2);
    expect(readdirSync(out).sort()).toEqual(["notes.md", "summary.json"]);
  });

  it("removes nothing outside the folder, whatever a hostile summary names", async () => {
    const outside = tempDir();
    writeFileSync(join(outside, "victim.json"), "{}");
    const out = folderWith([join(outside, "victim"), "OUT/../victim"], []);

    expect(await removeEarlierReports(out)).toBe(0);
    expect(existsSync(join(outside, "victim.json"))).toBe(true);
  });

  it("leaves a folder or a link under a report's name, and a folder without a readable summary", async () => {
    const out = folderWith(["OUT/a", "OUT/b"], []);
    mkdirSync(join(out, "a.json"));
    symlinkSync(join(out, "summary.json"), join(out, "b.md"));
    expect(await removeEarlierReports(out)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(["a.json", "b.md", "summary.json"]);

    const empty = tempDir();
    expect(await removeEarlierReports(empty)).toBe(0);
    writeFileSync(join(empty, "summary.json"), "not json");
    expect(await removeEarlierReports(empty)).toBe(0);
  });
});
