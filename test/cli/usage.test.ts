import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JSON_SCHEMA_SOURCES } from "../../src/wire/json-schema.ts";
import { cli, PRUNERS, ROOT, spawnCli, STACK_FRAME, tempDir } from "./helpers.ts";

/** Exactly two stderr lines: `prunecheck: <what is wrong>` and `Hint: <what to do>`, nothing on stdout. */
async function expectUsageError(args: readonly string[], message: RegExp | string): Promise<void> {
  const { code, lines, errors } = await cli(args);
  expect(code).toBe(2);
  expect(lines).toEqual([]);
  expect(errors).toHaveLength(1);
  const [headline, hint, ...rest] = (errors[0] as string).split("\n");
  expect(headline).toMatch(/^prunecheck: /);
  if (typeof message === "string") expect(headline).toContain(message);
  else expect(headline).toMatch(message);
  expect(hint).toMatch(/^Hint: \S/);
  expect(rest).toEqual([]);
}

describe("usage errors: exit 2, one `prunecheck:` line and a Hint, before anything runs", () => {
  const files = tempDir();
  // A summary of a million elements: validating it element by element once cost minutes and an OOM (issue 33).
  const huge = join(files, "huge.json");
  writeFileSync(huge, JSON.stringify({ format: "prunecheck-summary/1", results: Array(1_000_000).fill(0) }));
  // A named pipe no one writes to: reading it would block for ever (issue 33).
  const fifo = join(files, "report.json");
  execFileSync("mkfifo", [fifo]);
  // 300 MiB on paper, no disk used (sparse): refused by its size before a byte is read.
  const vast = join(files, "vast.json");
  writeFileSync(vast, "");
  truncateSync(vast, 300 * 1024 * 1024);
  const notJson = join(files, "report.md");
  const notReport = join(files, "other.json");
  writeFileSync(notJson, "# a Markdown report, not the JSON one\n");
  writeFileSync(notReport, JSON.stringify({ format: "prunecheck-report/1", seed: 1 }));

  it.each([
    ["an unknown flag", ["run", "--frobnicate"], "prunecheck: run: Unknown option '--frobnicate'"],
    ["an unknown command", ["frobnicate"], 'unknown command "frobnicate"'],
    ["an unknown level", ["run", "--level", "weird"], '--level must be core or strict, got "weird"'],
    ["zero runs", ["run", "--runs", "0"], '--runs must be a decimal integer from 1 to 1000000, got "0"'],
    ["a seed that is not an integer", ["run", "--seed", "1.5"], '--seed must be a decimal integer from 0 to 2147483647, got "1.5"'],
    ["--cmd and --impl together", ["run", "--cmd", "python3 adapter.py", "--impl", "pruner.ts"], "--cmd and --impl name two implementations"],
    ["--capabilities with --impl", ["run", "--impl", "pruner.ts", "--capabilities", "prune"], "--capabilities selects what the embedded reference declares"],
    ["an unknown capability", ["run", "--capabilities", "prune,teleport"], '--capabilities: unknown capability "teleport"'],
    // These get past the flags, so they write a summary saying why: into a temp folder, not the checkout.
    ["--impl of a missing file", ["run", "--impl", join(files, "missing.ts"), "--out", join(files, "out")], /--impl .*missing\.ts: cannot load module/],
    [
      "--impl of a module exporting no pruner",
      ["run", "--impl", join(PRUNERS, "no-pruner.ts"), "--out", join(files, "out")],
      "no-pruner.ts: no export is a pruner",
    ],
    ["an unknown --property", ["run", "--property", "nope"], '--property: unknown id "nope"'],
    [
      "--property adapter-protocol, which every property checks",
      ["run", "--property", "adapter-protocol"],
      "--property adapter-protocol: the protocol is checked on every request of every property",
    ],
    ["replay of a missing file", ["replay", join(files, "missing.json")], /cannot read report .*missing\.json: ENOENT/],
    ["replay of a file that is not JSON", ["replay", notJson], "report.md is not JSON"],
    ["replay of JSON that is not a report", ["replay", notReport], /other\.json is not a prunecheck report: ✖ .* → at property/],
    ["replay without a report", ["replay"], "replay takes exactly one report file"],
    ["replay of a FIFO", ["replay", fifo], "report.json: it is a FIFO (named pipe), not a regular file"],
    [
      "merge of a summary past the protocol's limits",
      ["merge", huge, "--out", join(files, "out")],
      "huge.json is past the limits for a file prunecheck reads: ✖ an array of more than 20000 elements is past the protocol's limit of 20000 elements to one array or object → at results (found before parsing it)",
    ],
    ["replay of a file past the size limit", ["replay", vast], "vast.json: it is 314572800 bytes, past the limit of 268435456 for a file prunecheck reads"],
    ["merge of a FIFO", ["merge", fifo, "--out", join(files, "out")], "report.json: it is a FIFO (named pipe), not a regular file"],
    ["replay of a directory", ["replay", files], "it is a folder, not a regular file"],
    ["an unknown schema flag", ["schema", "--frobnicate"], "prunecheck: schema: Unknown option '--frobnicate'"],
    ["schema --write where no folder can be made", ["schema", "--write", "/proc/self/x"], "--write /proc/self/x: cannot be made"],
    ["a negative --exhaustive", ["fuzz", "--exhaustive=-1"], '--exhaustive must be a decimal integer from 0 to 4, got "-1"'],
    ["a matrix without its config", ["matrix"], "matrix needs --config <file>"],
    ["merge of nothing", ["merge", "--out", join(files, "out")], "merge needs at least one summary.json"],
    ["an empty --out", ["run", "--out", ""], "--out : is empty"],
    ["an empty --junit", ["run", "--junit", ""], "--junit : is empty"],
    ["a shard count past 2^53", ["fuzz", "--shard", "1/99999999999999999999"], "--shard must be i/n with 1 <= i <= n <= 2^53-1"],
    ["merge of a missing summary", ["merge", join(files, "missing.json"), "--out", join(files, "out")], /cannot read summary .*missing\.json: ENOENT/],
    ["merge of a file that is not JSON", ["merge", notJson, "--out", join(files, "out")], "report.md is not JSON"],
    ["merge of JSON that is not a summary", ["merge", notReport, "--out", join(files, "out")], /other\.json is not a prunecheck summary: ✖ /],
  ])("%s", async (_, args, message) => {
    await expectUsageError(args, message);
  });

  it("merge of nothing makes no output folder before it says so", async () => {
    const out = join(files, "never-made");
    await expectUsageError(["merge", "--out", out], "merge needs at least one summary.json");
    expect(existsSync(out)).toBe(false);
  });

  it("end to end: the binary writes the two lines to stderr, no stack trace, nothing to stdout", async () => {
    const result = await spawnCli(["run", "--level", "weird"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe('prunecheck: --level must be core or strict, got "weird"\nHint: Use --level core (the default) or --level strict.\n');
    expect(result.stderr).not.toMatch(STACK_FRAME);
  });
});

describe("--help", () => {
  it.each([
    [["--help"], "Usage:"],
    [["help"], "Usage:"],
    [["run", "--help"], "prunecheck run [--cmd"],
    [["run", "-h"], "prunecheck run [--cmd"],
    [["replay", "--help"], "prunecheck replay <report.json>"],
    [["schema", "--help"], "prunecheck schema [--write DIR | --check DIR]"],
    [["fuzz", "--help"], "prunecheck fuzz [--cmd"],
    [["merge", "-h"], "prunecheck merge <summary.json>"],
    [["matrix", "--help"], "prunecheck matrix --config <file>"],
  ])("prunecheck %s exits 0 and prints its usage", async (args, usage) => {
    const { code, lines, errors } = await cli(args);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(lines.join("\n")).toContain(usage);
  });

  it("with no command at all prints the usage and exits 2", async () => {
    const { code, lines } = await cli([]);
    expect(code).toBe(2);
    expect(lines.join("\n")).toContain("Usage:");
  });
});

describe("--version", () => {
  it.each(["--version", "-V"])("`prunecheck %s` prints the installed package's version and exits 0", async (flag) => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const { code, stdout, stderr } = await spawnCli([flag]);
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("prunecheck schema", () => {
  const files = Object.keys(JSON_SCHEMA_SOURCES).sort();

  it("prints every JSON Schema, keyed by file name", async () => {
    const { code, lines } = await cli(["schema"]);
    expect(code).toBe(0);
    const schemas = JSON.parse(lines.join("\n")) as Record<string, { $schema?: string }>;
    expect(Object.keys(schemas).sort()).toEqual(files);
    for (const schema of Object.values(schemas)) expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("--check passes on the committed schema/ folder", async () => {
    expect(readdirSync(join(ROOT, "schema")).sort()).toEqual(files);
    const { code, lines, errors } = await cli(["schema", "--check", join(ROOT, "schema")]);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(lines).toEqual([`JSON Schemas in ${join(ROOT, "schema")} are up to date (${files.length} files)`]);
  });

  it("--check exits 1 naming the file that was edited, with a Hint", async () => {
    const copy = tempDir();
    cpSync(join(ROOT, "schema"), copy, { recursive: true });
    const edited = join(copy, "window.schema.json");
    writeFileSync(edited, readFileSync(edited, "utf8").replace('"derivation_depth"', '"depth"'));
    const { code, errors } = await cli(["schema", "--check", copy]);
    expect(code).toBe(1);
    expect(errors).toEqual([`JSON Schemas out of date in ${copy}: window.schema.json\nHint: run \`npm run schema\` and commit the result.`]);
  });

  it("--write then --check round-trips", async () => {
    const dir = tempDir();
    expect((await cli(["schema", "--write", dir])).code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(files);
    expect((await cli(["schema", "--check", dir])).code).toBe(0);
  });
});
