import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/helpers.ts";

/** Every `README, "Section"` / `README: "Section"` a message or usage text sends the user to. */
function readmeReferences(dir: string): { file: string; section: string }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .flatMap((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      return [...text.matchAll(/README[,:] \\?"([^"\\]+)\\?"/g)].map((match) => ({ file: relative(ROOT, join(dir, file)), section: match[1] as string }));
    });
}

describe("hints that name a README section", () => {
  const headings = new Set([...readFileSync(join(ROOT, "README.md"), "utf8").matchAll(/^#{2,4} (.+)$/gm)].map((match) => match[1]));
  const references = [...readmeReferences(join(ROOT, "src")), ...readmeReferences(join(ROOT, "fuzz"))];

  it("finds the references it checks", () => {
    expect(references.length).toBeGreaterThan(2);
  });

  it.each(references)("$file names a section the README has: $section", ({ section }) => {
    expect(headings).toContain(section);
  });
});
