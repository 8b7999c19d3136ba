import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { lastLine, processMarker, ROOT, spawnCli, tempDir } from "../cli/helpers.ts";

/** The slow fixture (50 ms a request, one at a time), run by this Node, with a marker for its processes. */
function slowAdapter(label: string): string {
  return `${processMarker(label)} "${process.execPath}" "${join(ROOT, "test", "fixtures", "hostile", "progress", "slow.mjs")}"`;
}

/** Short enough that a run of a few seconds writes several status lines. */
const EVERY_300_MS = { PRUNECHECK_PROGRESS_INTERVAL_MS: "300" };

const RUN_STATUS = /^prunecheck: (\d+)\/3 properties done, ([\d,]+) runs, ([\d,]+) requests \(([\d,]+) req\/s\), (\d+\.\d) s elapsed$/;

const number = (text: string | undefined) => Number((text ?? "").replaceAll(",", ""));

describe.concurrent("progress off a TTY: status lines on stderr while a slow adapter works", () => {
  it("run: a line every interval from the start, with requests and requests/s moving during the run", async ({ expect }) => {
    const out = tempDir();
    const properties = ["kept-untouched", "inputs-immutable", "deterministic"].flatMap((id) => ["--property", id]);
    const result = await spawnCli(
      ["run", "--cmd", slowAdapter("progress-run"), "--runs", "12", "--max-commands", "6", "--seed", "7", ...properties, "--out", out],
      { env: EVERY_300_MS },
    );

    expect(result.code, result.stdout).toBe(0);
    const lines = result.stderr.trimEnd().split("\n");
    // stderr is a pipe: nothing but status lines, each a plain line (no carriage return, no escape sequence).
    for (const line of lines) expect(line).toMatch(RUN_STATUS);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const parsed = lines.map((line) => RUN_STATUS.exec(line) as RegExpExecArray);
    const [firstSeconds, requests, perSecond, done] = [
      parsed.map((m) => Number(m[5]))[0],
      parsed.map((m) => number(m[3])),
      parsed.map((m) => number(m[4])),
      parsed.map((m) => Number(m[1])),
    ];
    // Within the first seconds of checking, and moving: requests grow while properties are still running.
    expect(firstSeconds).toBeLessThan(3);
    expect(requests).toEqual([...requests].sort((a, b) => a - b));
    expect(requests.at(-1)).toBeGreaterThan(requests[0] as number);
    expect(Math.max(...perSecond)).toBeGreaterThan(0);
    expect(done.some((count, index) => count < 3 && (requests[index] as number) > 0)).toBe(true);
    expect(lastLine(result.stdout)).toMatch(/^prunecheck: slow conforms at core \(3 properties checked, \d+ runs, \d+ requests, \d+\.\d s\)$/);
  });

  it("fuzz: the campaign's live line is written every interval too, and its counts move within a round", async ({ expect }) => {
    const out = tempDir();
    const corpus = join(out, "corpus");
    mkdirSync(corpus);
    const args = [
      "fuzz",
      "--cmd",
      slowAdapter("progress-fuzz"),
      "--time",
      "2s",
      "--exhaustive",
      "0",
      "--workers",
      "1",
      "--seed",
      "7",
      "--property",
      "kept-untouched",
      "--corpus",
      corpus,
      "--out",
      out,
    ];
    const result = await spawnCli(args, { env: EVERY_300_MS });

    expect(result.code, result.stdout + result.stderr).toBe(0);
    const lines = result.stderr.trimEnd().split("\n");
    const status =
      /^prunecheck fuzz \[(corpus|random)\] (.+?) (?:left|budget to come) · ([\d,]+) runs \([\d,]+\/s\) · ([\d,]+) requests \(([\d,]+)\/s\) · 0 violations$/;
    for (const line of lines) expect(line).toMatch(status);
    // A round is 100 runs, far more than 2 s of a 50 ms adapter: before the budget ends, only live counts move.
    const random = lines.map((line) => status.exec(line) as RegExpExecArray).filter((match) => match[1] === "random");
    expect(random.some((match) => match[2] !== "0.0 s" && number(match[4]) > 0 && number(match[5]) > 0)).toBe(true);
  });

  it("a bad PRUNECHECK_PROGRESS_INTERVAL_MS is a usage error before anything runs", async ({ expect }) => {
    const result = await spawnCli(["run", "--out", tempDir()], { env: { PRUNECHECK_PROGRESS_INTERVAL_MS: "5s" } });

    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      'prunecheck: PRUNECHECK_PROGRESS_INTERVAL_MS must be a whole number of milliseconds, got "5s"\nHint: Unset it for a status line every 5 s off a TTY, or set it to 0 for none.\n',
    );
  });
});
