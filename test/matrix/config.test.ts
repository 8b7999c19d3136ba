import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors/input.ts";
import { parseMatrixConfig, planMatrix, readMatrixConfig } from "../../src/matrix/config.ts";

function rejection(json: unknown): string {
  try {
    parseMatrixConfig(json, "m.json");
  } catch (error) {
    expect(error instanceof InputError && error.code).toBe("invalid_config");
    return (error as Error).message;
  }
  throw new Error("the config was accepted");
}

describe("matrix config", () => {
  it("fills every default: core, 200 runs, seed 1, the reference when neither impl nor cmd is given", () => {
    const config = parseMatrixConfig(
      {
        seed: 7,
        implementations: [{ name: "reference" }, { name: "py", cmd: "python3 a.py", runs: 5, level: "strict" }, { name: "ts", impl: "x.ts", packages: ["ai"] }],
      },
      "m.json",
    );
    expect(planMatrix(config)).toEqual([
      { name: "reference", target: { kind: "reference" }, level: "core", runs: 200, seed: 7, packages: [] },
      { name: "py", target: { kind: "cmd", command: "python3 a.py" }, level: "strict", runs: 5, seed: 7, packages: [] },
      { name: "ts", target: { kind: "impl", path: "x.ts" }, level: "core", runs: 200, seed: 7, packages: ["ai"] },
    ]);
  });

  it("names the path of what is wrong", () => {
    expect(rejection({ implementations: [{ name: "a" }, { name: "b/c" }] })).toMatch(/→ at implementations\[1\]\.name/);
    expect(rejection({ implementations: [{ name: "a", impl: "x.ts", cmd: "y" }] })).toMatch(/give one.*→ at implementations\[0\]\.cmd/);
    expect(rejection({ implementations: [{ name: "a" }, { name: "a" }] })).toMatch(/used twice.*→ at implementations\[1\]\.name/);
    expect(rejection({ implementations: [{ name: "a", runs: 0 }] })).toMatch(/→ at implementations\[0\]\.runs/);
    expect(rejection({ implementations: [{ name: "a", level: "lax" }] })).toMatch(/→ at implementations\[0\]\.level/);
    expect(rejection({ implementations: [] })).toMatch(/→ at implementations/);
    expect(rejection({ impls: [] })).toMatch(/impls/);
  });

  it("turns an unreadable or non-JSON file into an input error, not a stack", async () => {
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-matrix-config-"));
    await writeFile(join(dir, "bad.json"), "{ nope");
    await expect(readMatrixConfig(join(dir, "bad.json"))).rejects.toMatchObject({ code: "invalid_json" });
    await expect(readMatrixConfig(join(dir, "absent.json"))).rejects.toMatchObject({ code: "unreadable_file" });
  });

  it("accepts the repository's own prunecheck.matrix.json", async () => {
    const plans = planMatrix(await readMatrixConfig("prunecheck.matrix.json"));
    expect(plans.map((plan) => plan.name)).toContain("reference");
    expect(plans.filter((plan) => plan.packages.length > 0).length).toBeGreaterThanOrEqual(3);
  });
});
