import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { moduleEntry } from "./module-entry.ts";

describe("moduleEntry", () => {
  it("starts a compiled module as it is", () => {
    expect(moduleEntry("file:///pkg/dist/src/transport/contained.js", "pruner-thread").href).toBe("file:///pkg/dist/src/transport/pruner-thread.js");
  });

  it("starts a TypeScript module at its entry, which registers tsx first", () => {
    expect(moduleEntry("file:///repo/src/transport/contained.ts", "pruner-thread").href).toBe("file:///repo/src/transport/pruner-thread-entry.mjs");
  });

  it.for([
    { folder: "src/transport/", name: "pruner-thread" },
    { folder: "src/transport/", name: "sweep" },
    { folder: "fuzz/", name: "thread" },
  ])("finds $folder$name's entry and module in this checkout", ({ folder, name }) => {
    const base = new URL(`../../${folder}caller.ts`, import.meta.url).href;
    expect(existsSync(fileURLToPath(moduleEntry(base, name)))).toBe(true);
    expect(existsSync(fileURLToPath(new URL(`./${name}.ts`, base)))).toBe(true);
  });
});
