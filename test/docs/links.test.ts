import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A link in the docs reaches what it names. Regenerating the matrix merges reports that share a
 * counterexample into one (issue 46), and docs/findings.md went on linking to the reports it replaced; a
 * rule id moved or renamed leaves a link to an anchor no page has.
 */
const ROOT = resolve(import.meta.dirname, "..", "..");
const PAGES = [
  "README.md",
  "field/README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
];

/** Relative links of a Markdown page: its target path and, if any, the anchor. */
function links(page: string): { readonly path: string; readonly anchor: string | undefined }[] {
  const text = readFileSync(join(ROOT, page), "utf8");
  return [...text.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]*))?\)/g)].flatMap(([, target = "", anchor]) =>
    /^[a-z]+:/.test(target) ? [] : [{ path: target === "" ? page : normalize(join(dirname(page), target)), anchor }],
  );
}

describe("links in README.md and docs/", () => {
  it("name files that exist", () => {
    const dead = PAGES.flatMap((page) =>
      links(page)
        .filter((link) => !existsSync(join(ROOT, link.path)))
        .map((link) => `${page} → ${link.path}`),
    );
    expect(dead).toEqual([]);
  });

  it("name rule ids that the page they point at anchors", () => {
    const missing = PAGES.flatMap((page) =>
      links(page)
        .filter((link) => link.anchor !== undefined && /^[ps]-/.test(link.anchor) && link.path.endsWith(".md") && existsSync(join(ROOT, link.path)))
        .filter((link) => !readFileSync(join(ROOT, link.path), "utf8").includes(`id="${link.anchor}"`))
        .map((link) => `${page} → ${link.path}#${link.anchor}`),
    );
    expect(missing).toEqual([]);
  });
});
