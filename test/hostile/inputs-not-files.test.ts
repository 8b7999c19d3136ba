import { execFileSync } from "node:child_process";
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { TRACE_LINE_BYTES } from "../../src/trace/read-trace.ts";
import { cli, readSummary, ROOT, spawnCli, STACK_FRAME, stopWhenPrinted, tempDir } from "../cli/helpers.ts";

/**
 * Issue 45's attacks on what `audit` and `record` read and write, and on a run that checks nothing. Before:
 * `audit` of a FIFO hung past every signal, `audit /dev/zero` read until stopped (1.2 GB in 40 s), a 600 MB
 * trace line cost 3.1 GB and 160 s before a misleading error, `record --trace /dev/full` died with a stack,
 * audit wrote no summary.json when it exited 2, and a run where every property was skipped said "conforms".
 */
const HEADER = `${JSON.stringify({ format: "prunecheck-trace", version: 1, created: "2026-12-06T00:00:00.000Z" })}\n`;

describe.concurrent("audit refuses what is not a trace file, at once, exit 2, with summary.json", () => {
  it.for([
    ["a FIFO with no writer", (dir: string) => (execFileSync("mkfifo", [join(dir, "t.jsonl")]), join(dir, "t.jsonl")), "a FIFO (named pipe)"],
    ["a device that never ends", () => "/dev/zero", "a device"],
    ["a folder", (dir: string) => dir, "a folder"],
  ] as const)("%s", async ([, make, kind], { expect }) => {
    const dir = tempDir();
    const out = join(tempDir(), "out");
    const trace = make(dir);
    const run = await spawnCli(["audit", trace, "--out", out], { timeoutMs: 20_000 });

    expect([run.code, run.signal]).toEqual([2, null]);
    expect(run.stderr).toBe(
      `prunecheck: cannot read trace ${trace}: it is ${kind}, not a regular file\nHint: give the path of a trace file (docs/trace.md).\n`,
    );
    expect(readSummary(out).error).toEqual({
      kind: "input",
      code: "unreadable_file",
      message: `cannot read trace ${trace}: it is ${kind}, not a regular file`,
      hint: "give the path of a trace file (docs/trace.md).",
    });
  });
});

describe("a trace line past the limit", () => {
  it("is refused as it streams by, never held whole: exit 2 naming the line, or skipped and counted with --lenient", async ({ expect }) => {
    const dir = tempDir();
    const trace = join(dir, "huge.jsonl");
    const fd = openSync(trace, "w");
    writeSync(fd, HEADER);
    // One line a mebibyte past the limit, written in pieces: what holding it would cost is what the limit bounds.
    const piece = Buffer.alloc(1 << 20, "x");
    for (let written = 0; written <= TRACE_LINE_BYTES; written += piece.length) writeSync(fd, piece);
    writeSync(fd, "\n");
    closeSync(fd);
    const out = join(dir, "out");
    const strict = await cli(["audit", trace, "--out", out]);

    expect(strict.code).toBe(2);
    expect(strict.errors[0]).toBe(
      `prunecheck: ${trace}:2: the line is longer than ${TRACE_LINE_BYTES} bytes, the most a trace line holds: skipped unread\nHint: a trace is a header line, then one exchange per line (docs/trace.md); --lenient skips bad exchange lines and counts them.`,
    );
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "invalid_trace" });
    const lenient = await cli(["audit", trace, "--lenient", "--out", join(dir, "lenient")]);
    expect(lenient.lines[0]).toMatch(/: 0 exchanges, skipped 1 bad line \(first: .*:2: the line is longer than /);
  });

  it("that is not UTF-8 is named, not decoded into replacement characters", async ({ expect }) => {
    const dir = tempDir();
    const trace = join(dir, "latin1.jsonl");
    writeFileSync(trace, Buffer.concat([Buffer.from(HEADER), Buffer.from([0x7b, 0xe9, 0x7d, 0x0a])]));
    const run = await cli(["audit", trace, "--out", join(dir, "out")]);

    expect(run.code).toBe(2);
    expect(run.errors[0]).toMatch(/:2: the line is not UTF-8 \(its byte 1 is not\)\n/);
  });
});

describe.concurrent("record --trace onto what is not a regular file", () => {
  it.for(["/dev/full", "/dev/null"])("%s: exit 2 naming it before the adapter starts, no stack", async (device, { expect }) => {
    const run = await spawnCli(["record", "--cmd", "echo started >&2", "--trace", device], { timeoutMs: 20_000 });

    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `prunecheck: --trace ${device}: is a device, and prunecheck creates or replaces only a regular file\nHint: Remove it, or give --trace another path.\n`,
    );
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });
});

describe("record in front of an adapter that writes a line past a protocol line", () => {
  it("forwards every byte, leaves the line out of the trace, says so, and exits as the adapter did (it crashed on 600 MiB)", async ({ expect }) => {
    const dir = tempDir();
    const trace = join(dir, "t.jsonl");
    // 64 MiB and one byte of "x", then a newline: one line past the limit, written in pieces as a runaway adapter would.
    const adapter = `${process.execPath} -e 'const b=Buffer.alloc(1<<20,120);let n=64;const w=()=>{while(n>0){n--;if(!process.stdout.write(b))return process.stdout.once("drain",w)}process.stdout.write("x\\n")};w()'`;
    const run = await spawnCli(["record", "--cmd", adapter, "--trace", trace], { timeoutMs: 60_000 });

    expect(run.code).toBe(0);
    expect(run.stdout.length).toBe(64 * 1024 * 1024 + 2);
    expect(run.stderr).toContain(
      `prunecheck record: 1 line(s) were longer than a protocol line (67108864 bytes), so they were forwarded but are not in ${trace}`,
    );
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });
});

describe.concurrent("a run that checked nothing never says conforms: exit 2, through the one verdict", () => {
  it("run: every chosen property skipped", async ({ expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--capabilities", "prune", "--property", "choice-gated", "--out", out]);

    expect(run.code).toBe(2);
    expect(run.lines.at(-1)).toMatch(
      /^prunecheck: reference was checked for NOTHING \(the one property chosen was skipped, for the reason shown\) at core \(0 properties checked, 1 skipped, /,
    );
    expect(run.lines.join("\n")).not.toMatch(/conforms/);
  });

  it("fuzz: every chosen property skipped", async ({ expect }) => {
    const dir = tempDir();
    const run = await cli([
      "fuzz",
      "--capabilities",
      "prune",
      "--property",
      "choice-gated",
      "--time",
      "0",
      "--exhaustive",
      "1",
      "--out",
      join(dir, "out"),
      "--corpus",
      join(dir, "corpus"),
    ]);

    expect(run.code).toBe(2);
    expect(run.lines.at(-1)).toMatch(/ was checked for NOTHING /);
  });

  it("audit: a trace of a header alone", async ({ expect }) => {
    const dir = tempDir();
    writeFileSync(join(dir, "t.jsonl"), HEADER);
    const run = await cli(["audit", join(dir, "t.jsonl"), "--out", join(dir, "out")]);

    expect(run.code).toBe(2);
    expect(run.lines.at(-1)).toMatch(/^prunecheck: "recorded trace" was checked for NOTHING \(all 23 properties were skipped, each for the reason shown\)/);
    expect(readSummary(join(dir, "out")).violations).toEqual([]);
  });
});

describe("a stop while an adapter writes model calls out of turn (issue 45: SIGTERM took 5.4 s, SIGINT 8.9 s)", () => {
  it.for([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("%s: exit %i within moments, summary.json interrupted", async ([signal, code], { expect }) => {
    const out = tempDir();
    const adapter = `"${process.execPath}" "${join(ROOT, "test", "fixtures", "adapters", "model-caller.mjs")}" --no-wait --calls 2`;
    const run = await stopWhenPrinted(["run", "--cmd", adapter, "--out", out], "prunecheck: checking", signal);

    expect(run.stopMs).toBeLessThan(3000);
    expect([run.code, run.signal]).toEqual([code, null]);
    expect(readSummary(out).interrupted).toBe(true);
  });
});
