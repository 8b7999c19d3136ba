import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InputError } from "../errors/input.ts";
import { installedPackage } from "./versions.ts";

describe("installedPackage, what a matrix column records of a library", () => {
  const roots: string[] = [];
  const rootWith = (folder: string, manifest: object) => {
    const root = mkdtempSync(join(tmpdir(), "prunecheck-versions-"));
    roots.push(root);
    mkdirSync(join(root, "node_modules", folder), { recursive: true });
    writeFileSync(join(root, "node_modules", folder, "package.json"), JSON.stringify(manifest));
    return root;
  };
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("names a release installed under an alias by the library it is", async () => {
    const root = rootWith("strands-sdk-1-0-0", { name: "@strands-agents/sdk", version: "1.0.0" });
    expect(await installedPackage("strands-sdk-1-0-0", root)).toEqual({ name: "@strands-agents/sdk", version: "1.0.0" });
  });

  it("keeps the folder's name for a manifest without one", async () => {
    expect(await installedPackage("bare", rootWith("bare", { version: "2.0.0" }))).toEqual({ name: "bare", version: "2.0.0" });
  });

  it("reads the package nearest the implementation's folder, as Node loads it, before the project's", async () => {
    const root = rootWith("lib", { version: "1.0.0" });
    mkdirSync(join(root, "field", "lib", "node_modules", "lib"), { recursive: true });
    writeFileSync(join(root, "field", "lib", "node_modules", "lib", "package.json"), JSON.stringify({ version: "2.0.0" }));
    expect(await installedPackage("lib", root, join(root, "field", "lib"))).toEqual({ name: "lib", version: "2.0.0" });
    expect(await installedPackage("lib", root, join(root, "field", "other"))).toEqual({ name: "lib", version: "1.0.0" });
  });

  it("tells a package missing from a field folder to install that folder", async () => {
    const root = rootWith("other", { version: "1.0.0" });
    const refusal = await installedPackage("absent", root, join(root, "field", "lib")).catch((error: unknown) => error);
    expect((refusal as InputError).message).toContain("from field/lib up to the project's root");
    expect((refusal as InputError).hint).toContain("npm ci --prefix field/lib");
  });

  it("refuses a package that is not installed, naming it, with the fix", async () => {
    const refusal = await installedPackage("absent", rootWith("other", { version: "1.0.0" })).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as InputError).message).toContain('package "absent" is not installed');
  });
});
