import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FILE_LIMITS, readJson } from "./read-json.ts";

function file(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "prunecheck-read-json-")), "file.json");
  writeFileSync(path, text);
  return path;
}

describe("readJson holds a file to FILE_LIMITS before it parses it (issue 33)", () => {
  const row = `[${Array<string>(20_000).fill("0").join(",")}]`;

  it("refuses a file with more values than the limit, naming the limit, as file_past_limits", async () => {
    const rows = Math.ceil(FILE_LIMITS.values / 20_000) + 1;
    const refusal = readJson(file(`[${Array<string>(rows).fill(row).join(",")}]`), "report", "hint");
    await expect(refusal).rejects.toMatchObject({ code: "file_past_limits", message: expect.stringContaining(`more than ${FILE_LIMITS.values} values`) });
  });

  it("reads a pretty-printed file within them, whitespace not held against it", async () => {
    const value = { rows: Array<unknown>(10).fill(JSON.parse(row)) };
    await expect(readJson(file(JSON.stringify(value, null, 2)), "report", "hint")).resolves.toEqual(value);
  });
});
