import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../cli/helpers.ts";
import type { RunSummary } from "../../src/reports/summary.ts";
import { runCompositeAction } from "./composite-action.ts";
import { seedFromCommit } from "../../src/engine/seed.ts";

/**
 * prunecheck as a team meets it: the packed tarball installed in a fresh project of their own, CommonJS
 * (what `npm init -y` makes) or ESM, then `npx prunecheck run --impl` on their pruner and `tsc` on their
 * code. The system lane's setup has just built dist/, which is what the tarball ships.
 */
const EXAMPLE = join(ROOT, "examples", "typescript", "my-pruner.ts");
const COMMIT = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c";
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const TSX_VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies.tsx;

/** A pruner in CommonJS, as a team whose package has no "type": "module" writes it in plain .js. */
const COMMONJS_PRUNER = `const { definePruner, prune } = require("prunecheck");
module.exports = definePruner({ name: "my-pruner", capabilities: ["prune"], prune });
`;

/** checkSuite from a user's script, in plain ESM JavaScript (a .mjs in either kind of project). */
const API_CHECK = `import { checkSuite } from "prunecheck";
const result = await checkSuite({ impl: "./pruner.mts", runs: 40, out: "api-reports" });
console.log(result.text);
console.log("conforms", result.conforms, "exit", result.exitCode, "reports", result.reports.length);
`;

/** A team recording its pruner in process, a trace per conversation, as docs/trace.md §3 shows. */
const RECORD = `import { appendFileSync, writeFileSync } from "node:fs";
import { definePruner, prune, recordPruner } from "prunecheck";
const pruner = definePruner({ name: "my-pruner", capabilities: ["prune"], prune });
const store = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
const window = { spans: [{ span_id: "s1", text: store.k1, tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };
for (const file of ["a.jsonl", "b.jsonl"]) {
  writeFileSync(file, "");
  const recorded = recordPruner(pruner, (line) => appendFileSync(file, line + "\\n"), { conversation: file });
  await recorded.prune(window, ["s1"], store);
  recorded.endConversation();
}
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

/** `npx prunecheck`, with no status lines on stderr: how many a run writes depends on how busy the machine is. */
function prunecheck(cwd: string, ...args: string[]) {
  const env = { ...process.env, PRUNECHECK_PROGRESS_INTERVAL_MS: "0" };
  const result = spawnSync("npx", ["--no-install", "prunecheck", ...args], { cwd, env, encoding: "utf8", timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function summary(dir: string, out = "reports"): RunSummary {
  return JSON.parse(readFileSync(join(dir, out, "summary.json"), "utf8")) as RunSummary;
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
  it("runs the suite from the user's own code through the API, as the CLI would", () => {
    writeFileSync(join(dir, "check.mjs"), API_CHECK);
    const result = spawnSync(process.execPath, ["check.mjs"], { cwd: dir, encoding: "utf8", timeout: 120_000 });

    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^conforms true exit 0 reports 0$/m);
    expect(result.stdout).toMatch(/^prunecheck: my-pruner conforms at core /m);
    expect(summary(dir, "api-reports").violations).toEqual([]);
  });

  it("records the user's pruner through the API and audits the traces, two worker threads at once", () => {
    writeFileSync(join(dir, "record.mjs"), RECORD);
    execFileSync(process.execPath, ["record.mjs"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    const result = prunecheck(dir, "audit", "a.jsonl", "b.jsonl", "--workers", "2", "--out", "audit-reports");

    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^prunecheck: a\.jsonl: 1 exchange in 1 conversation \(1 ended\)\nprunecheck: b\.jsonl: 1 exchange in 1 conversation \(1 ended\)$/m,
    );
    expect(result.stdout).toMatch(/^prunecheck: my-pruner conforms at core /m);
  });

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

    // The licence package.json names ships with it (issue 46: it did not).
    expect(top).toEqual(["LICENSE", "README.md", "bin", "dist", "docs", "examples", "package.json", "schema"]);
    expect(readdirSync(join(installed, "dist", "src")).filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(readdirSync(join(installed, "dist", "src"))).toContain("index.d.ts");
  });

  it("has every file and folder its README links to, as the repository has (issue 46: the links to docs/ were dead)", () => {
    const installed = join(dir, "node_modules", "prunecheck");
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => (match[1] as string).split("#")[0] as string)
      .filter((link) => link !== "" && !/^[a-z]+:/.test(link));

    expect(links.length).toBeGreaterThan(20);
    expect(links.filter((link) => !existsSync(join(installed, decodeURIComponent(link))))).toEqual([]);
  });
});

/** The README's install recipe: the sh block of "Install it in your project", as a user pastes it. */
const RECIPE = /```sh\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, "README.md"), "utf8").split("## Install it in your project")[1] ?? "")?.[1] ?? "";

describe("the README's install recipe, then CI's npm ci on a fresh runner (issue 46)", () => {
  it("vendors the tarball, committed, so that npm ci in a fresh clone with an empty npm cache installs it and the gate runs", () => {
    const root = tempDir();
    const project = join(root, "project");
    mkdirSync(project);
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", ["-c", "user.name=ci", "-c", "user.email=ci@example.com", ...args], { cwd, stdio: "ignore" });
    git(project, "init", "-q");
    npm(project, "init", "-y");
    copyFileSync(EXAMPLE, join(project, "my-pruner.ts"));
    // The recipe as written, "this repository" being this one's committed files; prunecheck's own install
    // comes from this machine's npm cache, as the suite's did.
    const env = {
      ...process.env,
      PRUNECHECK_PROGRESS_INTERVAL_MS: "0",
      npm_config_prefer_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
    };
    const recipe = spawnSync("bash", ["-euo", "pipefail", "-c", RECIPE.replaceAll("<this repository>", ROOT)], {
      cwd: project,
      env,
      encoding: "utf8",
      timeout: 480_000,
    });
    expect(recipe.status, recipe.stdout + recipe.stderr).toBe(0);
    expect(recipe.stdout).toMatch(/^prunecheck: my-pruner conforms at core /m);
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, { resolved?: string }> };
    expect(lock.packages["node_modules/prunecheck"]?.resolved).toBe("file:vendor/prunecheck-0.1.0.tgz");
    git(project, "add", "my-pruner.ts");
    git(project, "commit", "-qm", "prunecheck, vendored");

    // The runner: a fresh clone, an empty npm cache, the registry.
    const runner = join(root, "runner");
    execFileSync("git", ["clone", "-q", project, runner]);
    const fresh = { ...process.env, PRUNECHECK_PROGRESS_INTERVAL_MS: "0", npm_config_cache: join(root, "empty-cache") };
    const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: runner, env: fresh, encoding: "utf8", timeout: 240_000 });
    expect(ci.status, ci.stdout + ci.stderr).toBe(0);
    const gate = spawnSync("npx", ["--no-install", "prunecheck", "run", "--impl", "./my-pruner.ts", "--runs", "20"], {
      cwd: runner,
      env: fresh,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(gate.status, gate.stdout + gate.stderr).toBe(0);
    expect(gate.stdout).toMatch(/^prunecheck: my-pruner conforms at core /m);
  }, 600_000);
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

/** Drops what it evicts: no pointer, no copy, the design note's mutation. */
const DROPPING_PRUNER = `import { definePruner } from "prunecheck";
export default definePruner({
  name: "drops-evicted",
  capabilities: ["prune"],
  prune: (window, evictIds) => ({ spans: window.spans.filter((span) => !evictIds.includes(span.span_id)), derivation_depth: window.derivation_depth + 1 }),
});
`;

describe("the GitHub Action (action.yml), its steps run as the runner runs them", () => {
  const ACTION = join(ROOT, "action.yml");
  let dir = "";
  beforeAll(() => {
    dir = project("module");
    copyFileSync(EXAMPLE, join(dir, "pruner.ts"));
    writeFileSync(join(dir, "dropping.mjs"), DROPPING_PRUNER);
  }, 120_000);

  it("passes a pruner that conforms: exit 0, the verdict in the step summary, reports and JUnit uploaded, seeded by the commit", () => {
    const run = runCompositeAction(ACTION, dir, { impl: "pruner.ts", runs: "30" }, { sha: COMMIT });

    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toEqual({ "exit-code": "0", summary: "prunecheck-reports/summary.json" });
    expect(run.log).toMatch(/as installed in/);
    expect(run.stepSummary).toMatch(/^## prunecheck: `my-pruner` at core: conforms$/m);
    // A re-run of the job checks the same runs: the seed is the commit's (issue 46).
    expect(summary(dir, "prunecheck-reports")).toMatchObject({ seed: seedFromCommit(COMMIT), seed_commit: COMMIT });
    expect(readdirSync(join(dir, "prunecheck-reports"))).toContain("junit.xml");
    expect(run.uses).toEqual([
      { uses: "actions/upload-artifact@v4", with: { name: "prunecheck-reports", path: "./prunecheck-reports", "if-no-files-found": "warn" } },
    ]);
  });

  it("fails the job on a violation, exit 1, with the verdict and the reports still written and uploaded", () => {
    const run = runCompositeAction(ACTION, dir, { impl: "dropping.mjs", runs: "30", out: "dropping", upload: "true" });

    expect(run.exitCode, run.log).toBe(1);
    expect(run.outputs["exit-code"]).toBe("1");
    expect(run.stepSummary).toMatch(/^## prunecheck: `drops-evicted` at core: \d+ violation/);
    expect(summary(dir, "dropping").violations.length).toBeGreaterThan(0);
    expect(run.uses).toHaveLength(1);
  });

  it("passes inputs to prunecheck as data, never as shell: a hostile path is a missing module, exit 2, and runs nothing", () => {
    const run = runCompositeAction(ACTION, dir, { impl: "$(touch injected).ts", out: "hostile", upload: "false" });

    expect(run.exitCode).toBe(2);
    expect(run.log).toContain("--impl $(touch injected).ts: cannot load module");
    expect(readdirSync(dir)).not.toContain("injected");
    expect(run.stepSummary).toMatch(/stopped by an error \[invalid\\_module\]/);
    expect(run.uses).toEqual([]);
  });

  it("installs the prunecheck its version input names where the project has none", () => {
    const bare = tempDir();
    copyFileSync(EXAMPLE, join(bare, "pruner.mts"));
    // tsx is the project's own business; install it first, as a team with a TS pruner has it.
    npm(bare, "install", `tsx@${TSX_VERSION}`);
    const run = runCompositeAction(ACTION, bare, { impl: "pruner.mts", runs: "20", version: `file:${tarball}`, upload: "false" });

    expect(run.exitCode, run.log).toBe(0);
    expect(summary(bare, "prunecheck-reports").violations).toEqual([]);
  });

  it("installs its own checkout, built and packed, where the project has none and no version is given", () => {
    // What the runner clones for `uses: owner/prunecheck@ref`: the tracked files, no node_modules, no dist/.
    const checkout = tempDir();
    const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
    for (const file of tracked.filter((file) => existsSync(join(ROOT, file)))) {
      mkdirSync(dirname(join(checkout, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(checkout, file));
    }
    const bare = tempDir();
    copyFileSync(EXAMPLE, join(bare, "pruner.mts"));
    npm(bare, "install", `tsx@${TSX_VERSION}`);
    // The runner has the registry; this machine has npm's cache, which the suite's own install filled.
    const run = runCompositeAction(
      join(checkout, "action.yml"),
      bare,
      { impl: "pruner.mts", runs: "20", upload: "false" },
      { env: { npm_config_prefer_offline: "true" } },
    );

    expect(run.exitCode, run.log).toBe(0);
    expect(run.log).not.toMatch(/as installed in/);
    expect(readdirSync(checkout)).toContain("prunecheck-0.1.0.tgz");
    // Built with prunecheck's dependencies alone (issue 46: 533 packages, most of them the field's libraries).
    const installed = readdirSync(join(checkout, "node_modules")).filter((name) => !name.startsWith("."));
    expect(installed.sort()).toEqual(["dequal", "fast-check", "pure-rand", "zod"]);
    expect(readdirSync(join(bare, "node_modules", "prunecheck", "dist", "src"))).toContain("index.js");
    expect(summary(bare, "prunecheck-reports").violations).toEqual([]);
  });
});
