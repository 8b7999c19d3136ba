import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { memoryIo } from "../../src/console/io.ts";
import { main } from "../../src/cli/main.ts";
import { Matrix, verdictTable } from "../../src/matrix/data.ts";

const fixture = join(import.meta.dirname, "fixtures", "drops-evicted.ts");

// One small matrix, end to end through the CLI: the reference and a pruner that drops what it evicts.
describe("prunecheck matrix", () => {
  let dir: string;
  let out: string;
  let config: string;
  let first: { code: number; lines: string[] };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "prunecheck-matrix-"));
    out = join(dir, "matrix");
    config = join(dir, "m.json");
    await writeFile(
      config,
      JSON.stringify({ runs: 15, seed: 3, implementations: [{ name: "reference" }, { name: "broken", impl: fixture, packages: ["zod"] }] }),
    );
    const io = memoryIo();
    first = { code: await main(["matrix", "--config", config, "--out", out], io), lines: io.lines };
  });

  it("writes the table with the verdicts, links and versions, and exits 0 although a column fails", async () => {
    expect(first.code).toBe(0);
    const matrix = Matrix.parse(JSON.parse(await readFile(join(out, "matrix.json"), "utf8")));
    const verdicts = verdictTable(matrix);
    expect(Object.values(verdicts.reference ?? {}).every((verdict) => verdict === "passed" || verdict === "skipped")).toBe(true);
    expect(verdicts.broken?.["precondition-recoverable"]).toBe("failed");
    expect(verdicts.broken?.["provenance-resolves"]).toBe("skipped");
    const broken = matrix.columns.find((column) => column.name === "broken");
    expect(broken?.packages.zod).toMatch(/^\d+\.\d+\.\d+/);
    const link = broken?.cells["precondition-recoverable"]?.report;
    expect(link).toBe("broken/precondition-recoverable-drops-evicted-3.md");
    await expect(readFile(join(out, link!), "utf8")).resolves.toMatch(/^# `precondition-recoverable`[^\n]* violated by `drops-evicted`\n/);
    await expect(readFile(join(out, "reference", "summary.json"), "utf8")).resolves.toContain('"implementation": "reference"');
    expect(await readFile(join(out, "matrix.md"), "utf8")).toContain(`[counterexample](${link})`);
    expect(await readFile(join(out, "matrix.html"), "utf8")).toContain(`<a href="${link}">`);
  });

  it("--check passes on the same verdicts and fails, naming the cell, on different ones", async () => {
    const expected = join(dir, "expected.json");
    const matrix = JSON.parse(await readFile(join(out, "matrix.json"), "utf8")) as Matrix;
    await writeFile(expected, JSON.stringify(matrix));
    const same = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "again"), "--check", expected], same)).toBe(0);
    expect(same.lines.at(-1)).toContain("verdicts match");

    const reference = matrix.columns.find((column) => column.name === "reference")!;
    reference.cells["precondition-recoverable"] = { status: "failed" };
    await writeFile(expected, JSON.stringify(matrix));
    const changed = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "third"), "--check", expected], changed)).toBe(1);
    expect(changed.errors.join("\n")).toContain("reference / precondition-recoverable: expected failed, got passed");
  });

  it("--shard i/n runs every n-th implementation from the i-th, and --check compares those alone", async () => {
    const expected = join(dir, "expected-whole.json");
    const matrix = JSON.parse(await readFile(join(out, "matrix.json"), "utf8")) as Matrix;
    await writeFile(expected, JSON.stringify(matrix));
    const second = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "shard2"), "--shard", "2/2", "--check", expected], second)).toBe(0);
    expect(Matrix.parse(JSON.parse(await readFile(join(dir, "shard2", "matrix.json"), "utf8"))).columns.map((column) => column.name)).toEqual(["broken"]);
    expect(second.lines.at(-1)).toContain("verdicts match");

    // A changed verdict of a column the shard did not run is not its to judge; one it ran is.
    matrix.columns.find((column) => column.name === "reference")!.cells["precondition-recoverable"] = { status: "failed" };
    await writeFile(expected, JSON.stringify(matrix));
    expect(await main(["matrix", "--config", config, "--out", join(dir, "shard2-again"), "--shard", "2/2", "--check", expected], memoryIo())).toBe(0);
    const first = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "shard1"), "--shard", "1/2", "--check", expected], first)).toBe(1);
    expect(first.errors.join("\n")).toContain("reference / precondition-recoverable: expected failed, got passed");

    const bad = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "never-shard"), "--shard", "3/2"], bad)).toBe(2);
    expect(bad.errors.join("\n")).toContain("--shard must be i/n");
  });

  it("Ctrl-C starts no further implementation, writes what it has and exits 130", async () => {
    const controller = new AbortController();
    controller.abort("SIGINT");
    const io = memoryIo();
    expect(await main(["matrix", "--config", config, "--out", join(dir, "stopped")], io, controller.signal)).toBe(130);
    expect(Matrix.parse(JSON.parse(await readFile(join(dir, "stopped", "matrix.json"), "utf8"))).columns).toEqual([]);
    expect(io.errors.join("\n")).toContain("interrupted");
  });

  it("a bad config is exit 2 with the path of the problem, before anything runs", async () => {
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ implementations: [{ name: "x", impl: "a.ts", cmd: "b" }] }));
    const io = memoryIo();
    expect(await main(["matrix", "--config", bad, "--out", join(dir, "never")], io)).toBe(2);
    expect(io.errors.join("\n")).toMatch(/not a valid matrix config.*→ at implementations\[0\]\.cmd/);
    expect(io.lines).toEqual([]);
  });

  it("an implementation that cannot start is a column of errors and exit 2, the others still run", async () => {
    const gone = join(dir, "gone.json");
    await writeFile(gone, JSON.stringify({ runs: 5, implementations: [{ name: "missing", impl: join(dir, "no-such-module.ts") }, { name: "reference" }] }));
    const io = memoryIo();
    expect(await main(["matrix", "--config", gone, "--out", join(dir, "gone")], io)).toBe(2);
    const matrix = Matrix.parse(JSON.parse(await readFile(join(dir, "gone", "matrix.json"), "utf8")));
    expect(matrix.columns.map((column) => [column.name, column.error === undefined])).toEqual([
      ["missing", false],
      ["reference", true],
    ]);
    expect(io.errors.join("\n")).toContain("no complete verdict for missing");
  });
});
