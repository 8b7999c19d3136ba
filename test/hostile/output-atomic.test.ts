import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reportFileStem } from "../../src/reports/build.ts";
import type { Report } from "../../src/reports/report.ts";
import { ROOT, tempDir } from "../cli/helpers.ts";

const FIXTURES = join(ROOT, "test", "fixtures", "hostile", "output");
const SOURCE = join(FIXTURES, "report.json");
const MEGABYTES = 16;

/** What a reader finds at `path` now: nothing, or JSON that parses whole (a torn file throws). */
function readWhole(path: string): { readonly stderr: string } | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  return JSON.parse(text) as { stderr: string };
}

describe("reports under kill -9", () => {
  it("a report rewritten in a loop reads whole at any moment, and still whole after SIGKILL mid-write", async () => {
    const stem = reportFileStem(JSON.parse(readFileSync(SOURCE, "utf8")) as Report);
    for (const killAfterMs of [0, 40]) {
      const out = tempDir();
      const target = join(out, `${stem}.json`);
      const child = spawn(process.execPath, ["--import", "tsx", join(FIXTURES, "write-reports-forever.ts"), SOURCE, out, String(MEGABYTES)], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
      // Once one write has finished the loop is always inside the next one: the old file is being replaced.
      await new Promise<void>((resolve, reject) => {
        child.stdout.once("data", () => resolve());
        child.once("exit", () => reject(new Error("the writer exited before its first report")));
      });
      for (let read = 0; read < 6; read++) expect(readWhole(target)?.stderr.length).toBe(MEGABYTES * 1024 * 1024);
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
      expect(readWhole(target)?.stderr.length).toBe(MEGABYTES * 1024 * 1024);
      // A temp file may be left by the kill, but never under a name a reader takes for a report.
      expect(readdirSync(out).filter((name) => name.endsWith(".json"))).toEqual([`${stem}.json`]);
    }
  });
});
