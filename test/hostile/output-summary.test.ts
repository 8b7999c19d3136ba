import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { adapterCommand, cli, junitCases, PRUNERS, processMarker, QUICK_FUZZ, readSummary, tempDir } from "../cli/helpers.ts";

const EVERY = PROPERTIES.map((property) => property.id);
/** Answers hello with a line that is not JSON: a handshake failure in well under a second. */
const NOT_AN_ADAPTER = "echo hello";
const BROKEN = join(PRUNERS, "drops-precondition.ts");

describe.concurrent("every exit path writes summary.json saying what happened", () => {
  it("run: a failed handshake writes summary.json, summary.md and JUnit with the error, and exits 2", async ({ expect }) => {
    const out = tempDir();
    const junit = join(out, "junit.xml");
    const run = await cli(["run", "--cmd", NOT_AN_ADAPTER, "--out", out, "--junit", junit]);

    expect(run.code).toBe(2);
    expect(run.errors[0]).toMatch(/^prunecheck: the adapter did not answer hello with a valid protocol 1 handshake \[handshake\]: /);
    const summary = readSummary(out);
    expect(summary).toMatchObject({
      implementation: "(not started)",
      interrupted: false,
      violations: [],
      error: {
        kind: "adapter",
        code: "handshake",
        message: expect.stringMatching(/^the adapter did not answer hello with a valid protocol 1 handshake: .*not JSON/),
      },
    });
    expect(summary.results.map((line) => [line.property, line.status])).toEqual(EVERY.map((id) => [id, "error"]));
    expect(readFileSync(join(out, "summary.md"), "utf8")).toMatch(
      /^## prunecheck: `\(not started\)` at core: stopped by an error \[handshake\]\n\n\*\*Error \(adapter\):\*\*\n\n```text\nthe adapter did not answer hello[^`]*\n```\n/,
    );
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain(`errors="${EVERY.length}"`);
    expect(junitCases(xml).every((testCase) => testCase.body.includes("<error "))).toBe(true);
  });

  it("run: an adapter's hostile hello line is quoted in summary.md inside a fence it cannot close", async ({ expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--cmd", "echo '```` <!-- conforms'", "--out", out]);
    expect(run.code).toBe(2);
    const markdown = readFileSync(join(out, "summary.md"), "utf8");
    expect(markdown).toMatch(/\n`````text\n[^\n]*```` <!-- conforms[^\n]*\n`````\n/);
  });

  it("run: a command that cannot start writes the spawn error, exit 2", async ({ expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--cmd", "prunecheck-no-such-adapter --stdio", "--out", out]);
    expect(run.code).toBe(2);
    expect(readSummary(out).error).toMatchObject({ kind: "adapter", code: "spawn" });
  });

  it("run: an --impl module that does not load writes the input error and its hint, exit 2", async ({ expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--impl", join(out, "missing.ts"), "--out", out]);
    expect(run.code).toBe(2);
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "invalid_module", hint: expect.stringMatching(/^Give the path of a/) });
  });

  it("run: SIGTERM while hello hangs writes summary.json with interrupted: true and exits 143", async ({ expect }) => {
    const out = tempDir();
    const controller = new AbortController();
    const running = cli(["run", "--cmd", adapterCommand("hang-handshake", processMarker("output-hello")), "--out", out], controller.signal);
    // hello waits 10 s for an answer; the interruption comes well inside that.
    setTimeout(() => controller.abort("SIGTERM"), 1000);
    const run = await running;

    expect(run.code).toBe(143);
    expect(run.errors).toEqual(["prunecheck: interrupted by SIGTERM before the implementation was ready; nothing was checked"]);
    const summary = readSummary(out);
    expect(summary).toMatchObject({ interrupted: true, violations: [] });
    expect(summary.error).toBeUndefined();
    expect(summary.results.map((line) => line.status)).toEqual(EVERY.map(() => "interrupted"));
  });

  it("run: an error mid-run (a report whose path a folder took) keeps the verdicts in summary.json, exit 2 not 1", async ({ expect }) => {
    const out = tempDir();
    // The report's own path is taken by a folder: writing the violation's report fails after it was found.
    mkdirSync(join(out, "precondition-recoverable-drops-precondition-5.json"));
    const run = await cli(["run", "--impl", BROKEN, "--property", "precondition-recoverable", "--runs", "20", "--seed", "5", "--out", out]);

    expect(run.code).toBe(2);
    // The folder is the user's to remove, not a bug in prunecheck: replaced by a rename, it would have been lost.
    expect(run.errors[0]).toMatch(/^prunecheck: cannot write .*precondition-recoverable-drops-precondition-5\.json: it is a folder, /);
    const summary = readSummary(out);
    expect(summary).toMatchObject({
      implementation: "drops-precondition",
      violations: ["precondition-recoverable"],
      error: { kind: "input", code: "bad_output_path", message: expect.stringContaining("it is a folder") },
    });
    // The verdict is kept; only its report is missing, and the line says why.
    expect(summary.results).toEqual([
      expect.objectContaining({
        property: "precondition-recoverable",
        status: "failed",
        violated: "precondition-recoverable",
        message: expect.stringMatching(/; its report could not be written \(cannot write .*: it is a folder/),
      }),
    ]);
    expect(summary.results[0]?.report).toBeUndefined();
    expect(run.lines.at(-1)).toMatch(/^prunecheck: drops-precondition was STOPPED by an error \[bad_output_path\] at core/);
  });

  it("fuzz: a failed handshake writes summary.json with the error, exit 2", async ({ expect }) => {
    const dir = tempDir();
    const out = join(dir, "out");
    const run = await cli([
      "fuzz",
      "--cmd",
      NOT_AN_ADAPTER,
      "--time",
      "0",
      "--exhaustive",
      "0",
      "--workers",
      "1",
      "--out",
      out,
      "--corpus",
      join(dir, "corpus"),
    ]);
    expect(run.code).toBe(2);
    expect(readSummary(out)).toMatchObject({ interrupted: false, error: { kind: "adapter", code: "handshake" } });
  });

  it("fuzz: an error while recording (a report whose path a folder took) writes summary.json with the error, exit 2 not 1", async ({ expect }) => {
    const dir = tempDir();
    const out = join(dir, "out");
    // The first failing exhaustive case is the tenth, so its report is named for its index, 9.
    mkdirSync(join(out, "precondition-recoverable-drops-precondition-case9.json"), { recursive: true });
    const run = await cli([
      "fuzz",
      "--impl",
      BROKEN,
      "--property",
      "precondition-recoverable",
      ...QUICK_FUZZ,
      "--seed",
      "5",
      "--out",
      out,
      "--corpus",
      join(dir, "corpus"),
    ]);
    expect(run.code).toBe(2);
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "bad_output_path", message: expect.stringContaining("it is a folder") });
  });

  it("matrix: an implementation that fails its handshake gets a summary.json in its folder; the matrix is written, exit 2", async ({ expect }) => {
    const out = tempDir();
    const config = join(out, "config.json");
    writeFileSync(config, JSON.stringify({ implementations: [{ name: "broken", cmd: NOT_AN_ADAPTER }] }));
    const run = await cli(["matrix", "--config", config, "--out", out]);
    expect(run.code).toBe(2);
    expect(readSummary(join(out, "broken")).error).toMatchObject({ kind: "adapter", code: "handshake" });
    expect(JSON.parse(readFileSync(join(out, "matrix.json"), "utf8")).columns[0]).toMatchObject({
      name: "broken",
      error: expect.stringMatching(/^handshake failed/),
    });
  });
});
