import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Dependencies point one way (issue 14): the core (wire, errors, files, transport, reference, models,
 * arbitraries, reports) never imports a front end (src/cli, src/matrix, fuzz) or the property and mutant
 * catalog (properties/), which front ends hand in; src/matrix and fuzz never import src/cli.
 */
const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["src", "fuzz", "properties"];

type Layer = "core" | "catalog" | "fuzz" | "matrix" | "cli";

function layerOf(file: string): Layer {
  if (file.startsWith("properties/")) return "catalog";
  if (file.startsWith("fuzz/")) return "fuzz";
  if (file.startsWith("src/matrix/")) return "matrix";
  if (file.startsWith("src/cli/") || file === "src/index.ts") return "cli";
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

/**
 * Back edges that were there when this test was written, each to be removed by moving what checks into
 * the core: none may be added, and one that is gone must leave this list too.
 */
const KNOWN_BACK_EDGES = [
  "src/matrix/run.ts -> src/cli/io.ts",
  "src/matrix/run.ts -> src/cli/run.ts",
  "src/matrix/run.ts -> src/cli/target.ts",
  "src/matrix/run.ts -> src/cli/unfinished.ts",
  "src/matrix/files.ts -> src/cli/read-json.ts",
  "src/matrix/config.ts -> src/cli/read-json.ts",
  "src/matrix/config.ts -> src/cli/args.ts",
  "fuzz/campaign.ts -> src/cli/io.ts",
  "fuzz/progress.ts -> src/cli/io.ts",
  "fuzz/progress.ts -> src/cli/progress.ts",
  "fuzz/record.ts -> src/cli/io.ts",
  "fuzz/thread.ts -> src/cli/target.ts",
  "properties/mutants/write-corpus.ts -> fuzz/corpus.ts",
];

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
  it("depend one way: no import from a lower layer into a front end or the catalog beyond the known ones", () => {
    expect(backEdges().sort()).toEqual([...KNOWN_BACK_EDGES].sort());
  });

  it("are told apart by folder", () => {
    expect([layerOf("src/models/run.ts"), layerOf("properties/index.ts"), layerOf("fuzz/worker.ts"), layerOf("src/matrix/run.ts"), layerOf("src/cli/main.ts")]).toEqual(["core", "catalog", "fuzz", "matrix", "cli"]);
  });
});
