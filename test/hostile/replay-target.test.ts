import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, PRUNERS, QUICK_FUZZ, ROOT, STACK_FRAME, tempDir } from "../cli/helpers.ts";

/**
 * Issue 16: a report or corpus entry is a file people download. `replay` and `fuzz` must never run the
 * command or load the module it names unless the user asks, however the file was made.
 */
const FOUND = JSON.parse(readFileSync(join(ROOT, "fuzz", "corpus", "inputs-immutable-3146325483c2.json"), "utf8")) as Record<string, unknown>;

function hostileReport(dir: string, target: unknown): string {
  const file = join(dir, "report.json");
  writeFileSync(file, JSON.stringify({ ...FOUND, implementation: { ...(FOUND.implementation as object), target } }));
  return file;
}

function evilModule(dir: string, marker: string): string {
  const file = join(dir, "evil.mjs");
  writeFileSync(
    file,
    `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "imported");\nexport default { name: "evil", capabilities: ["prune"], prune: (w) => w };\n`,
  );
  return file;
}

describe("replay of a report naming a command or a module", () => {
  it("runs no command the report names: exit 2, and the hint spells out the flag to give", async () => {
    const dir = tempDir();
    const marker = join(dir, "pwned.txt");
    const report = hostileReport(dir, { kind: "cmd", command: `id > ${marker}; python3 a.py` });
    const { code, lines, errors } = await cli(["replay", report]);
    expect(code).toBe(2);
    expect(lines).toEqual([]);
    expect(errors.join("\n")).toMatch(/replay does not run a command or load a module named inside a report/);
    expect(errors.join("\n")).toContain(`Hint: Name the implementation yourself: prunecheck replay ${report} --cmd 'id > ${marker}; python3 a.py'`);
    expect(existsSync(marker)).toBe(false);
  });

  it("imports no module the report names", async () => {
    const dir = tempDir();
    const marker = join(dir, "imported.txt");
    const report = hostileReport(dir, { kind: "impl", path: evilModule(dir, marker) });
    const { code, errors } = await cli(["replay", report]);
    expect(code).toBe(2);
    expect(errors.join("\n")).toContain("--trust-target");
    expect(existsSync(marker)).toBe(false);
  });

  it("runs what the user names instead, and what the report names only with --trust-target, saying so first", async () => {
    const dir = tempDir();
    const marker = join(dir, "imported.txt");
    const report = hostileReport(dir, { kind: "impl", path: evilModule(dir, marker) });

    const fixed = await cli(["replay", report, "--impl", join(PRUNERS, "reference.ts")]);
    expect([fixed.code, fixed.errors]).toEqual([0, []]);
    expect(existsSync(marker)).toBe(false);

    const trusted = await cli(["replay", report, "--trust-target"]);
    expect(trusted.lines[0]).toBe(`prunecheck: --trust-target: running what ${report} names: module ${join(dir, "evil.mjs")}`);
    expect(existsSync(marker)).toBe(true);
  });

  it("replays a report found on the embedded reference on it, with no flag", async () => {
    const dir = tempDir();
    const { code, lines } = await cli(["replay", hostileReport(dir, { kind: "reference" })]);
    expect(code).toBe(0);
    expect(lines.at(-1)).toContain("on reference: passes now");
  });
});

describe("a fuzz campaign's corpus", () => {
  it("replays entries against the campaign's own target only: a dropped-in entry naming a command never runs", async () => {
    const dir = tempDir();
    const corpus = join(dir, "corpus");
    const marker = join(dir, "pwned.txt");
    mkdirSync(corpus);
    writeFileSync(join(corpus, "inputs-immutable-000000000000.json"), readFileSync(hostileReport(dir, { kind: "cmd", command: `touch ${marker}` })));
    const { code } = await cli(["fuzz", ...QUICK_FUZZ, "--corpus", corpus, "--out", join(dir, "out")]);
    expect(code).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("replay of a report whose path or replayPath was edited", () => {
  function edited(dir: string, fields: Record<string, unknown>): string {
    const file = join(dir, "edited.json");
    writeFileSync(file, JSON.stringify({ ...FOUND, origin: { ...(FOUND.origin as object), ...fields } }));
    return file;
  }

  it.each([
    ["a path that is not indices", { path: "x:y" }, /expected a fast-check path.* → at origin\.path/],
    ["a replayPath fast-check cannot parse", { replayPath: "!!!" }, /expected a fast-check commands replayPath.* → at origin\.replayPath/],
    ["a run index that would take years to reach", { path: "99999999999999999999" }, /expected a fast-check path.* → at origin\.path/],
    ["a path disagreeing with runs_to_failure", { path: "5:1" }, /the path's first index \(the failing run\) must be runs_to_failure - 1 → at origin\.path/],
  ])("%s: exit 2 naming the field, no stack", async (_what, fields, message) => {
    const { code, errors } = await cli(["replay", edited(tempDir(), fields), "--impl", join(PRUNERS, "reference.ts")]);
    expect(code).toBe(2);
    expect(errors.join("\n")).toMatch(message);
    expect(errors.join("\n")).not.toMatch(STACK_FRAME);
  });

  it.each([
    ["an empty replayPath", { replayPath: "" }],
    ["a shrink step that does not exist", { path: "0:99999" }],
  ])("%s: exit 2, the report cannot be replayed, no stack", async (_what, fields) => {
    const { code, errors } = await cli(["replay", edited(tempDir(), fields), "--impl", join(PRUNERS, "reference.ts")]);
    expect(code).toBe(2);
    expect(errors.join("\n")).toMatch(/the report cannot be replayed: its path .* leads to no run of seed 20261113/);
    expect(errors.join("\n")).not.toMatch(STACK_FRAME);
  });
});
