import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../cli/helpers.ts";
import type { RunSummary } from "../../src/reports/summary.ts";

/**
 * prunecheck as a team meets it: the packed tarball installed in a fresh project of their own, CommonJS
 * (what `npm init -y` makes) or ESM, then `npx prunecheck run --impl` on their pruner and `tsc` on their
 * code. The system lane's setup has just built dist/, which is what the tarball ships.
 */
const EXAMPLE = join(ROOT, "examples", "typescript", "my-pruner.ts");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const TSX_VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies.tsx;

/** A pruner in CommonJS, as a team whose package has no "type": "module" writes it in plain .js. */
const COMMONJS_PRUNER = `const { definePruner, prune } = require("prunecheck");
module.exports = definePruner({ name: "my-pruner", capabilities: ["prune"], prune });
`;

let tarball = "";
beforeAll(() => {
  const into = tempDir();
  execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", into], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  tarball = join(into, readdirSync(into).find((file) => file.endsWith(".tgz")) ?? "");
}, 120_000);

function npm(cwd: string, ...args: string[]): void {
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--silent"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
}

/** A fresh project: `npm init -y`, "type" set as asked, the tarball (and tsx, unless not) installed. */
function project(type: "module" | "commonjs", withTsx = true): string {
  const dir = tempDir();
  npm(dir, "init", "-y");
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(join(dir, "package.json"), JSON.stringify({ ...manifest, type }, null, 2));
  npm(dir, "install", tarball, ...(withTsx ? [`tsx@${TSX_VERSION}`] : []));
  return dir;
}

function prunecheck(cwd: string, ...args: string[]) {
  const result = spawnSync("npx", ["--no-install", "prunecheck", ...args], { cwd, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function summary(dir: string): RunSummary {
  return JSON.parse(readFileSync(join(dir, "reports", "summary.json"), "utf8")) as RunSummary;
}

describe.for(["module", "commonjs"] as const)("the packed tarball in a fresh %s project", (type) => {
  let dir = "";
  beforeAll(() => {
    dir = project(type);
    copyFileSync(EXAMPLE, join(dir, "pruner.ts"));
    copyFileSync(EXAMPLE, join(dir, "pruner.mts"));
    writeFileSync(join(dir, type === "module" ? "pruner.cjs" : "pruner.js"), COMMONJS_PRUNER);
  }, 120_000);

  it.for(["pruner.ts", "pruner.mts", type === "module" ? "pruner.cjs" : "pruner.js"])("npx prunecheck run --impl ./%s conforms", (file) => {
    const result = prunecheck(dir, "run", "--impl", `./${file}`, "--runs", "40", "--out", "reports");

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^prunecheck: my-pruner conforms at core /m);
    expect(summary(dir).violations).toEqual([]);
  });

  // Under that tsconfig (verbatimModuleSyntax), import syntax in a CommonJS package is written in .mts.
  it("type-checks the user's pruner with the tsconfig `tsc --init` writes", () => {
    execFileSync(process.execPath, [TSC, "--init"], { cwd: dir, stdio: "ignore" });
    if (type === "commonjs") rmSync(join(dir, "pruner.ts"));
    // skipLibCheck off too: prunecheck's own .d.ts must hold without @types/node (`tsc --init` sets types: []).
    for (const skipLibCheck of ["true", "false"]) {
      const result = spawnSync(process.execPath, [TSC, "--noEmit", "-p", ".", "--skipLibCheck", skipLibCheck], { cwd: dir, encoding: "utf8" });
      expect(result.stdout).toBe("");
      expect(result.status).toBe(0);
    }
  });

  it("ships the compiled package and its types, not the sources, tests or benchmarks", () => {
    const installed = join(dir, "node_modules", "prunecheck");
    const top = readdirSync(installed).sort();

    expect(top).toEqual(["README.md", "bin", "dist", "package.json", "schema"]);
    expect(readdirSync(join(installed, "dist", "src")).filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(readdirSync(join(installed, "dist", "src"))).toContain("index.d.ts");
  });
});

describe("a TypeScript pruner without tsx installed", () => {
  it("is refused with a hint to install tsx, not a stack trace", () => {
    const dir = project("commonjs", false);
    copyFileSync(EXAMPLE, join(dir, "pruner.ts"));
    const result = prunecheck(dir, "run", "--impl", "./pruner.ts");

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("a TypeScript module is loaded through tsx, and tsx is not installed");
    expect(result.stderr).toContain("npm install --save-dev tsx");
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
