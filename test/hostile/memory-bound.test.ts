import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { FILE_LIMITS } from "../../src/files/read-json.ts";
import { PRUNERS, readReports, readSummary, ROOT, spawnCli, tempDir } from "../cli/helpers.ts";
import { AUDIT_HEAP_MB, RUN_HEAP_MB, writeFullLineTrace } from "../helpers/memory-bound.ts";

/**
 * The memory ceiling docs/protocol.md states (issue 45: an adapter answering every prune with 60 MB of text
 * took the harness to 4.4 GB and a crash). Each case runs the harness with exactly that heap
 * (`--max-old-space-size`), so a copy of an answer kept per request, or a report holding every text whole,
 * is a crash here, whatever the machine's memory.
 */
describe("the harness's memory under the largest answers the limits allow", () => {
  it.for([
    ["over stdio", ["--cmd", `node ${join(ROOT, "test", "fixtures", "adapters", "huge-answer.mjs")}`]],
    ["in process", ["--impl", join(PRUNERS, "huge-answer.mjs")]],
  ] as const)("%s: every answer a full line, the run finds the fault within the stated heap", async ([, target], { expect }) => {
    const out = tempDir();
    // Seed 1 fails at once and shrinks through 67 more requests, each answered with a full line.
    const args = ["run", ...target, "--runs", "5", "--seed", "1", "--property", "precondition-recoverable", "--out", out];
    const result = await spawnCli(args, { nodeArgs: [`--max-old-space-size=${RUN_HEAP_MB}`] });

    expect(result.stderr).not.toContain("heap out of memory");
    expect(result.code).toBe(1);
    expect(readSummary(out)).toMatchObject({ violations: ["precondition-recoverable"], requests: 68 });
    // Every report it writes is one it can read back.
    const [written] = readReports(out);
    expect(statSync(`${written?.stem}.json`).size).toBeLessThan(FILE_LIMITS.compactBytes);
  });

  it("over stdio, every answer 8M zeros for spans (16 MB, refused before it is parsed): the findings within the stated heap", async ({ expect }) => {
    const out = tempDir();
    const adapter = `node ${join(ROOT, "test", "fixtures", "hostile", "bounds", "million-spans.mjs")} --count 8000000`;
    const result = await spawnCli(["run", "--cmd", adapter, "--runs", "5", "--seed", "1", "--out", out], { nodeArgs: [`--max-old-space-size=${RUN_HEAP_MB}`] });

    expect(result.stderr).not.toContain("heap out of memory");
    expect(result.code).toBe(1);
    expect(readSummary(out).violations).toEqual(["adapter-protocol"]);
  });

  it("audit: a trace of lines at the trace line limit, one conversation, within the stated heap", async ({ expect }) => {
    const dir = tempDir();
    const trace = join(dir, "trace.jsonl");
    writeFullLineTrace(trace, 4);
    const result = await spawnCli(["audit", trace, "--out", join(dir, "out")], { nodeArgs: [`--max-old-space-size=${AUDIT_HEAP_MB}`] });

    expect(result.stderr).not.toContain("heap out of memory");
    expect(result.code).toBe(1);
    expect(readSummary(join(dir, "out"))).toMatchObject({ violations: ["depth-bound"], requests: 4 });
  });
});
