import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderUsage } from "../../src/cli/help.ts";
import { ROOT } from "../cli/helpers.ts";

/**
 * The README's table of `run` flags and `prunecheck run --help` name the same flags (issue 46: the table
 * lacked --capabilities and called the protocol "v1" after 1.1 shipped).
 */
const flagsOf = (lines: readonly string[]) => lines.flatMap((line) => /^\s*(?:\| `)?(--[a-z-]+)/.exec(line)?.[1] ?? []).filter((flag) => flag !== "--help");

describe("the README's run flags", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const table = readme.split("\n| flag | meaning |")[1]?.split("\n\n")[0]?.split("\n") ?? [];

  it("are the flags of run --help", () => {
    expect(flagsOf(table).sort()).toEqual(flagsOf(renderUsage("run").split("\n")).sort());
  });

  it("name the protocol by the version the harness speaks", () => {
    expect(readme).not.toMatch(/protocol v1\b/);
  });
});
