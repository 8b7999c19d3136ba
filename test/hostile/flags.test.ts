import { availableParallelism } from "node:os";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, PRUNERS, readReports, readSummary, tempDir } from "../cli/helpers.ts";

/** Exit 2, nothing on stdout, one `prunecheck:` line naming what is wrong and a Hint line. */
async function expectRefused(args: readonly string[], headline: string): Promise<string> {
  const { code, lines, errors } = await cli(args);
  expect(code).toBe(2);
  expect(lines).toEqual([]);
  expect(errors).toHaveLength(1);
  const [first, hint, ...rest] = (errors[0] as string).split("\n");
  expect(first).toBe(`prunecheck: ${headline}`);
  expect(hint).toMatch(/^Hint: \S/);
  expect(rest).toEqual([]);
  return hint as string;
}

const cores = availableParallelism();

describe("numeric flags: a value out of range or not plain decimal is exit 2 naming the flag, the value and the range", () => {
  it.each([
    [
      "a timeout Node's timers cannot hold (it fired after 1 ms)",
      ["run", "--timeout-ms", "3000000000"],
      '--timeout-ms must be a decimal integer from 1 to 2147483647, got "3000000000"',
    ],
    ["the same timeout given to fuzz", ["fuzz", "--timeout-ms", "3000000000"], '--timeout-ms must be a decimal integer from 1 to 2147483647, got "3000000000"'],
    [
      "the same timeout given to replay",
      ["replay", "r.json", "--timeout-ms", "3000000000"],
      '--timeout-ms must be a decimal integer from 1 to 2147483647, got "3000000000"',
    ],
    [
      "the same timeout given to matrix",
      ["matrix", "--config", "prunecheck.matrix.json", "--timeout-ms", "3000000000"],
      '--timeout-ms must be a decimal integer from 1 to 2147483647, got "3000000000"',
    ],
    ["runs in exponent notation", ["run", "--runs", "1e12"], '--runs must be a decimal integer from 1 to 1000000, got "1e12"'],
    ["a trillion runs", ["run", "--runs", "1000000000000"], '--runs must be a decimal integer from 1 to 1000000, got "1000000000000"'],
    [
      "more workers than twice the cores",
      ["fuzz", "--workers", String(2 * cores + 1)],
      `--workers must be a decimal integer from 1 to ${2 * cores}, got "${2 * cores + 1}"`,
    ],
    ['an empty seed (Number("") is 0)', ["run", "--seed", ""], '--seed must be a decimal integer from 0 to 2147483647, got ""'],
    ["a hexadecimal seed (0x10 ran as 16)", ["run", "--seed", "0x10"], '--seed must be a decimal integer from 0 to 2147483647, got "0x10"'],
    ["a seed past 32 bits (1e20 ran as 1661992960)", ["run", "--seed", "1e20"], '--seed must be a decimal integer from 0 to 2147483647, got "1e20"'],
    ["a negative seed, written --seed=-N", ["run", "--seed=-539222987"], '--seed must be a decimal integer from 0 to 2147483647, got "-539222987"'],
    [
      "a negative seed, written --seed -N (parseArgs calls it ambiguous)",
      ["run", "--seed", "-539222987"],
      '--seed must be a decimal integer from 0 to 2147483647, got a value starting with "-"',
    ],
    ["a fuzz campaign seed past 32 bits", ["fuzz", "--seed", "12345678901"], '--seed must be a decimal integer from 0 to 2147483647, got "12345678901"'],
    ["a padded --max-commands", ["run", "--max-commands", " 7 "], '--max-commands must be a decimal integer from 1 to 1000, got " 7 "'],
    ["an --exhaustive bound that would run for weeks", ["fuzz", "--exhaustive", "5"], '--exhaustive must be a decimal integer from 0 to 4, got "5"'],
    [
      "a --time no timer or deadline should count to",
      ["fuzz", "--time", "9999999999h"],
      '--time must be at most 2147483647 ms (about 24.8 days), got "9999999999h"',
    ],
  ])("%s", async (_, args, headline) => {
    await expectRefused(args, headline);
  });

  it("a CI run id as --seed is refused before anything runs, with the modulo that makes a seed of it", async () => {
    const out = join(tempDir(), "out");
    const hint = await expectRefused(
      ["run", "--impl", join(PRUNERS, "drops-precondition.ts"), "--seed", "12345678901", "--out", out],
      '--seed must be a decimal integer from 0 to 2147483647, got "12345678901"',
    );
    expect(hint).toContain("--seed $(( GITHUB_RUN_ID % 2147483648 ))");
  });
});

describe("a seed is recorded as it ran: the summary, the report and its file name carry the seed given", () => {
  it("the largest seed runs, is recorded as given, names the report file without a double dash, and replays", async () => {
    const out = join(tempDir(), "out");
    const seed = 2 ** 31 - 1;
    const run = await cli([
      "run",
      "--impl",
      join(PRUNERS, "drops-precondition.ts"),
      "--property",
      "precondition-recoverable",
      "--runs",
      "20",
      "--seed",
      String(seed),
      "--out",
      out,
    ]);
    expect(run.code).toBe(1);
    expect(run.lines[0]).toContain(`seed ${seed}`);
    expect(readSummary(out).seed).toBe(seed);
    const reports = readReports(out);
    expect(reports.length).toBeGreaterThan(0);
    for (const { stem, report } of reports) {
      expect(report.origin).toMatchObject({ kind: "random", seed });
      expect(stem.endsWith(`-${seed}`)).toBe(true);
    }
    expect(readdirSync(out).filter((file) => file.includes("--"))).toEqual([]);
    const replay = await cli(["replay", `${reports[0]?.stem}.json`, "--trust-target"]);
    expect(replay.code).toBe(1);
    expect(replay.lines.join("\n")).toContain(`(seed ${seed},`);
  });

  it("a report whose seed is past 32 bits is refused, not replayed as another seed", async () => {
    const dir = tempDir();
    const out = join(dir, "out");
    await cli(["run", "--impl", join(PRUNERS, "drops-precondition.ts"), "--property", "precondition-recoverable", "--runs", "20", "--seed", "5", "--out", out]);
    const [found] = readReports(out);
    expect(found?.report.origin).toMatchObject({ kind: "random", seed: 5 });
    const edited = join(dir, "edited.json");
    writeFileSync(edited, JSON.stringify({ ...found?.report, origin: { ...found?.report.origin, seed: 12345678901 } }));
    const { code, errors } = await cli(["replay", edited]);
    expect(code).toBe(2);
    expect(errors.join("\n")).toMatch(/edited\.json is not a prunecheck report: ✖ .* → at origin\.seed/);
  });
});

describe("a matrix config's runs, seed and timeoutMs take what the flags take, with the path named", () => {
  it.each([
    [{ seed: 12345678901, implementations: [{ name: "reference" }] }, "seed"],
    [{ implementations: [{ name: "reference", seed: -1 }] }, "implementations[0].seed"],
    [{ implementations: [{ name: "reference", runs: 1e12 }] }, "implementations[0].runs"],
    [{ timeoutMs: 3000000000, implementations: [{ name: "reference" }] }, "timeoutMs"],
  ])("%j is refused at %s", async (config, path) => {
    const file = join(tempDir(), "matrix.json");
    writeFileSync(file, JSON.stringify(config));
    const { code, errors } = await cli(["matrix", "--config", file, "--out", join(tempDir(), "m")]);
    expect(code).toBe(2);
    expect(errors[0]).toMatch(new RegExp(`must be an integer from \\d+ to \\d+ \\(as --[a-z-]+\\) → at ${path.replace(/[.[\]]/g, "\\$&")}(;|$)`, "m"));
  });
});
