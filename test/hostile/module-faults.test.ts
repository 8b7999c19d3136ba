import { join } from "node:path";
import { describe, it } from "vitest";
import { cli, readReports, readSummary, ROOT, tempDir } from "../cli/helpers.ts";

/**
 * Blame goes where the fault is (issue 45): an --impl pruner that exits, dies of an exception nothing awaited,
 * throws from a getter or proxies its capabilities used to stop the run as "a bug in prunecheck", exit 2, with
 * no finding against it; a 5 MB name was taken as it was, where a hello holds 256 characters.
 */
const MODULES = join(ROOT, "test", "fixtures", "hostile", "modules");
const RUN = ["--runs", "5", "--seed", "1", "--property", "precondition-recoverable"];

describe.concurrent("a pruner module's own fault is a finding or an error naming it, never prunecheck's", () => {
  it.for([
    ["exits-in-prune.mjs", /the pruner's thread exited \(code 0\): something in the pruner called process\.exit or ended its thread, before it answered$/],
    ["throws-later.mjs", /the pruner's thread died of an uncaught RangeError: thrown in a timer, before it answered$/],
  ] as const)("%s: an adapter-protocol finding [crash] naming the request, exit 1", async ([fixture, message], { expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--impl", join(MODULES, fixture), ...RUN, "--out", out]);

    expect(run.code).toBe(1);
    expect(readSummary(out).violations).toEqual(["adapter-protocol"]);
    const [{ report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    expect(report.finding.message).toMatch(/^adapter fault \[crash\]: .*: prune request \d+: /);
    expect(report.finding.message).toMatch(message);
    expect(run.errors.join("\n")).not.toContain("bug in prunecheck");
  });

  it.for([
    ["throwing-name.mjs", "reading its exports threw Error: no name for you"],
    ["proxy-capabilities.mjs", "reading its exports threw TypeError: capabilities are a trap"],
    ["huge-name.mjs", "its pruner's name or capabilities are not what a hello declares: ✖ Too big: expected string to have <=256 characters → at name"],
  ] as const)("%s: exit 2, invalid_module naming what is wrong, with summary.json", async ([fixture, words], { expect }) => {
    const out = tempDir();
    const run = await cli(["run", "--impl", join(MODULES, fixture), ...RUN, "--out", out]);

    expect(run.code).toBe(2);
    expect(run.errors[0]).toContain(`prunecheck: --impl ${join(MODULES, fixture)}: ${words}\nHint: `);
    expect(run.errors[0]!.length).toBeLessThan(2000);
    expect(readSummary(out).error).toMatchObject({ kind: "input", code: "invalid_module" });
  });
});
