import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dependencies point one way (issue 14): the core (wire, errors, files, transport, reference, models,
 * arbitraries, engine, console, reports, trace, audit, runtime) never imports a front end (src/cli, src/api, src/matrix, fuzz) or the property and mutant
 * catalog (properties/), which front ends hand in; src/matrix and fuzz never import src/cli.
 */
const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["src", "fuzz", "properties"];

type Layer = "core" | "catalog" | "fuzz" | "matrix" | "cli";

function layerOf(file: string): Layer {
  if (file.startsWith("properties/")) return "catalog";
  if (file.startsWith("fuzz/")) return "fuzz";
  if (file.startsWith("src/matrix/")) return "matrix";
  if (file.startsWith("src/cli/") || file.startsWith("src/api/") || file === "src/index.ts") return "cli";
  return "core";
}

/** Which layers each layer may import. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  core: ["core"],
  catalog: ["core", "catalog"],
  fuzz: ["core", "catalog", "fuzz"],
  matrix: ["core", "catalog", "matrix"],
  cli: ["core", "catalog", "fuzz", "matrix", "cli"],
};

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const IMPORT = /^\s*(?:import|export)\b[^"'`]*?from\s*["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/gm;

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(IMPORT)].map((match) => relative(ROOT, resolve(ROOT, dirname(file), (match[1] ?? match[2]) as string)));
}

function backEdges(): string[] {
  return FOLDERS.flatMap(sourceFiles)
    .flatMap((file) => importsOf(file).map((target) => [file, target] as const))
    .filter(([file, target]) => FOLDERS.some((folder) => target.startsWith(`${folder}/`)) && !MAY_IMPORT[layerOf(file)].includes(layerOf(target)))
    .map(([file, target]) => `${file} -> ${target}`);
}

describe("the layers", () => {
  it("depend one way: no import from a lower layer into a front end or the catalog", () => {
    expect(backEdges()).toEqual([]);
  });

  it("are judged on the imports the files really have", () => {
    expect(importsOf("src/cli/main.ts")).toEqual(expect.arrayContaining(["src/engine/suite.ts", "properties/index.ts"]));
    expect(importsOf("src/matrix/run.ts")).toEqual(expect.arrayContaining(["src/engine/suite.ts", "src/engine/target.ts"]));
  });

  it("have folder names a newcomer cannot take for one another (issue 47: src/model beside src/models, properties/trace beside src/trace)", () => {
    const folders = ["src", "properties", "fuzz"].flatMap((tree) =>
      readdirSync(join(ROOT, tree), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${tree}/${entry.name}`),
    );
    const name = (folder: string) => folder.slice(folder.indexOf("/") + 1);
    // Every tree's test data is its fixtures: one name for one thing, wherever it is.
    const shared = new Set(["fixtures"]);
    const confusable = folders.flatMap((a) =>
      folders
        .filter((b) => a < b && !shared.has(name(a)) && (name(a) === name(b) || `${name(a)}s` === name(b) || `${name(b)}s` === name(a)))
        .map((b) => `${a} and ${b}`),
    );
    expect(folders).toEqual(expect.arrayContaining(["src/models", "src/llm", "src/trace", "properties/traceability"]));
    expect(confusable).toEqual([]);
  });

  it("are told apart by folder", () => {
    expect([
      layerOf("src/models/run.ts"),
      layerOf("properties/index.ts"),
      layerOf("fuzz/worker.ts"),
      layerOf("src/matrix/run.ts"),
      layerOf("src/cli/main.ts"),
    ]).toEqual(["core", "catalog", "fuzz", "matrix", "cli"]);
  });
});
