import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { installedPackage } from "../src/matrix/versions.ts";
import { readReport } from "./report.ts";

/**
 * Every library fault docs/findings.md states has a standalone reproduction, `field/<library>/repro/<name>.mjs`:
 * the library's public API wired as its docs wire an application, a scripted model, no prunecheck code. Its
 * report, `<name>.md`, is what a maintainer is sent: it must hold the script as it is, the versions
 * installed in the library's folder, and as its actual output exactly what the script prints now. So a
 * release that fixes the fault (a version bump is one folder's change) fails here until the report and
 * docs/findings.md say so.
 */
const FIELD = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

const folders = readdirSync(FIELD, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(FIELD, entry.name, "package.json")));
const libraries = folders.filter((entry) => existsSync(join(FIELD, entry.name, "repro")));

describe.each(folders.map((entry) => entry.name))("field/%s, a workspace of its own", (folder) => {
  it("is installed from its own lockfile", () => {
    expect(existsSync(join(FIELD, folder, "package-lock.json")), `${folder} has no package-lock.json`).toBe(true);
    expect(existsSync(join(FIELD, folder, "node_modules")), `run: npm ci --prefix field/${folder}`).toBe(true);
  });

  it("is listed in field/README.md", () => {
    expect(readFileSync(join(FIELD, "README.md"), "utf8")).toContain(`| [\`${folder}\`](${folder}) |`);
  });
});

it("field/README.md lists every report", () => {
  const readme = readFileSync(join(FIELD, "README.md"), "utf8");
  const reports = libraries.flatMap((entry) =>
    readdirSync(join(FIELD, entry.name, "repro"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `${entry.name}/repro/${name}`),
  );
  expect(reports.filter((report) => !readme.includes(`(${report})`))).toEqual([]);
});

describe.each(libraries.map((entry) => entry.name))("field/%s", (library) => {
  const folder = join(FIELD, library);
  const scripts = readdirSync(join(folder, "repro")).filter((name) => name.endsWith(".mjs"));

  it.each(scripts)("%s prints what its report says, at the versions it names", async (script) => {
    const path = join(folder, "repro", script);
    const report = readReport(path.replace(/\.mjs$/, ".md"));
    expect(report.script, `the report of ${relative(FIELD, path)} must quote the script as it is`).toBe(readFileSync(path, "utf8"));
    // As installed in the library's own folder (its root for the lookup), never the core's node_modules above it.
    for (const [name, version] of report.packages) expect((await installedPackage(name, folder)).version, `${name} in field/${library}`).toBe(version);
    const { stdout } = await run(process.execPath, [path], { cwd: join(folder, "repro"), timeout: 60_000 });
    expect(stdout).toBe(report.actual);
  });
});
