import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QUICK_FUZZ, ROOT, readSummary, spawnCli, STACK_FRAME, tempDir } from "../cli/helpers.ts";

/**
 * The attacks of issue 33 on what prunecheck reads besides answers, through the binary, at CI sizes: a
 * hello past the limits, a FIFO in the corpus, a summary.json built to inject markup into `merge`'s
 * summary.md. Each must be a clear finding or error, never a hang, a stack or raw markup.
 */
const HELLO = join(ROOT, "test", "fixtures", "hostile", "bounds", "hostile-hello.mjs");

describe.concurrent("a hello past the limits is a handshake fault, exit 2, with summary.json and a bounded message", () => {
  it.for([
    [
      "capabilities",
      30_000,
      /\[handshake\]: answered hello with a line outside the protocol's limits: ✖ an array of 30000 elements is past .* → at capabilities\n/,
    ],
    [
      "name",
      300_000,
      /\[handshake\]: answered hello with something other than a HelloResponse: ✖ Too big: expected string to have <=256 characters → at name\n/,
    ],
  ] as const)("%s: %i", async ([what, size, message], { expect }) => {
    const out = tempDir();
    const result = await spawnCli(["run", "--cmd", `"${process.execPath}" "${HELLO}" ${what} ${size}`, "--out", out]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    // The message quotes the adapter, never all of it, and never its control characters raw.
    expect(result.stdout.length + result.stderr.length).toBeLessThan(20_000);
    expect(result.stderr).not.toMatch(/[\u0007\u001b]/);
    expect(readSummary(out)).toMatchObject({ implementation: "(not started)", error: { kind: "adapter", code: "handshake" } });
  });
});

describe("a FIFO among the corpus entries", () => {
  it("is skipped with the reason, and the campaign runs to its verdict", async () => {
    const corpus = tempDir();
    execFileSync("mkfifo", [join(corpus, "entry.json")]);
    const result = await spawnCli(["fuzz", ...QUICK_FUZZ, "--corpus", corpus, "--out", tempDir()]);

    expect(result.stderr).toContain("corpus: skipping entry.json: cannot read corpus entry");
    expect(result.stderr).toContain("it is a FIFO (named pipe), not a regular file");
    expect(result.code).toBe(0);
  });
});

describe("merge of a summary.json built to inject markup into summary.md", () => {
  it("renders every string from the file as text: no tag, heading, comment or table row comes from it", async () => {
    const shards = [tempDir(), tempDir()];
    for (const [index, out] of shards.entries()) {
      const shard = await spawnCli(["fuzz", ...QUICK_FUZZ, "--shard", `${index + 1}/2`, "--seed", "7", "--corpus", tempDir(), "--out", out]);
      expect(shard.code, shard.stderr).toBe(0);
    }
    const file = join(shards[0]!, "summary.json");
    const summary = JSON.parse(readFileSync(file, "utf8"));
    const attack = "<script>alert(1)</script>\n# owned\n| a | b |\n<!-- <img src=x onerror=alert(1)>";
    summary.results[0].property = attack;
    summary.results[0].status = "error";
    summary.results[0].message = attack;
    summary.error = { kind: "internal", code: attack, message: attack };
    summary.fuzz.exhaustive.violations = [attack];
    writeFileSync(file, JSON.stringify(summary));
    const out = tempDir();
    const merged = await spawnCli(["merge", ...shards.map((shard) => join(shard, "summary.json")), "--out", out]);

    expect(merged.stderr).not.toMatch(STACK_FRAME);
    const markdown = readFileSync(join(out, "summary.md"), "utf8");
    // Markup is harmless inside a fence or a code span, which show it as it is; anywhere else it must be text.
    const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, "").replace(/(`+)[^`]*?\1/g, "");
    expect(prose).not.toMatch(/<script|<img|<!--/);
    expect(prose).not.toMatch(/^# owned/m);
    expect(prose).not.toMatch(/^\| a \| b \|/m);
    // The hostile property keeps to its own cell: a row of four cells, whatever pipes its name holds.
    const row = markdown.split("\n").find((line) => line.includes("alert(1)</script>") && line.startsWith("|"));
    expect(row?.split(/(?<!\\)\|/)).toHaveLength(6);
  });
});

describe("merge of a summary.json naming a 20 MB implementation (issue 45)", () => {
  it("refuses it, naming the field and the bound, and echoes none of it to the terminal or summary.md", async () => {
    const shard = tempDir();
    const run = await spawnCli(["run", "--runs", "1", "--out", shard]);
    expect(run.code, run.stderr).toBe(0);
    const file = join(shard, "summary.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), implementation: "N".repeat(20_000_000) }));
    const out = tempDir();
    const merged = await spawnCli(["merge", file, "--out", out]);

    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain("is not a prunecheck summary: ✖ Too big: expected string to have <=256 characters → at implementation");
    expect(merged.stderr.length + merged.stdout.length).toBeLessThan(2000);
    expect(() => readFileSync(join(out, "summary.md"))).toThrow();
  });
});
