import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input.ts";
import { describeTarget, loadPruner, openTarget, targetFrom } from "./target.ts";

const PRUNERS = join(import.meta.dirname, "..", "..", "test", "fixtures", "pruners");

/** The InputError `run` threw, as code and message, or a failure naming what it did instead. */
async function inputError(run: () => unknown): Promise<{ code: string; message: string; hint: string | undefined }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof InputError) return { code: error.code, message: error.message, hint: error.hint };
    throw error;
  }
  throw new Error("expected an InputError, and nothing was thrown");
}

describe("the implementation a run checks, from its flags", () => {
  it("is a module, a command or the embedded reference, declaring what --capabilities says (prune always)", () => {
    expect(targetFrom({ impl: "p.ts" })).toEqual({ kind: "impl", path: "p.ts" });
    expect(targetFrom({ cmd: "python3 a.py" })).toEqual({ kind: "cmd", command: "python3 a.py" });
    expect(targetFrom({})).toBeNull();
    expect(targetFrom({ capabilities: "compact, model" })).toEqual({ kind: "reference", capabilities: ["prune", "compact", "model"] });
  });

  it("refuses two implementations at once, or capabilities for one that declares its own, as usage errors", async () => {
    expect(await inputError(() => targetFrom({ cmd: "a", impl: "b" }))).toMatchObject({ code: "usage", message: expect.stringContaining("give one") });
    expect(await inputError(() => targetFrom({ impl: "b", capabilities: "compact" }))).toMatchObject({ code: "usage" });
    expect(await inputError(() => targetFrom({ capabilities: "prune,rewind" }))).toMatchObject({
      code: "usage",
      message: '--capabilities: unknown capability "rewind"',
      hint: expect.stringContaining("prune, summarize"),
    });
  });

  it("has nothing to start for a recorded trace", async () => {
    expect(await inputError(() => openTarget({ kind: "recorded" }, { timeoutMs: 1000 }))).toMatchObject({ code: "no_target" });
  });

  it("is described as reports and errors name it", () => {
    expect(
      [
        { kind: "reference" },
        { kind: "reference", capabilities: ["prune", "compact"] },
        { kind: "impl", path: "p.ts" },
        { kind: "cmd", command: "a b" },
        { kind: "recorded" },
      ].map((target) => describeTarget(target as Parameters<typeof describeTarget>[0])),
    ).toEqual(["the embedded reference", "the embedded reference declaring prune, compact", "module p.ts", 'command "a b"', "a recorded trace"]);
  });
});

describe("loading a pruner module", () => {
  it("takes a pruner held under `pruner` by an export, as a mutant's record holds it", async () => {
    expect((await loadPruner(join(PRUNERS, "held-record.mjs"))).name).toBe("held");
  });

  it("refuses a module whose exports hold no pruner, saying what to export", async () => {
    const path = join(PRUNERS, "no-pruner.mjs");
    expect(await inputError(() => loadPruner(path))).toMatchObject({
      code: "invalid_module",
      message: `--impl ${path}: no export is a pruner`,
      hint: expect.stringContaining("Export default { name: string"),
    });
  });

  it("refuses a path that does not load, with the loader's first line and what to give instead", async () => {
    const path = join(PRUNERS, "missing.mjs");
    expect(await inputError(() => loadPruner(path))).toMatchObject({
      code: "invalid_module",
      message: expect.stringMatching(new RegExp(`^--impl ${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: cannot load module \\(.*missing\\.mjs`)),
      hint: "Give the path of a .ts/.mts/.js/.mjs file that exports a pruner.",
    });
  });
});
