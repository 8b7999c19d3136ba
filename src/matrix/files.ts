import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeIssues, InputError } from "../errors/input.ts";
import { Matrix } from "./data.ts";
import { renderMatrixHtml } from "./html.ts";
import { renderMatrixMarkdown } from "./markdown.ts";
import { readJson } from "./read-json.ts";

/** Three renderings of one data object, side by side in `outDir`. */
export async function writeMatrix(outDir: string, matrix: Matrix): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, "matrix.json"), `${JSON.stringify(matrix, null, 2)}\n`);
  await writeFile(join(outDir, "matrix.md"), renderMatrixMarkdown(matrix));
  await writeFile(join(outDir, "matrix.html"), renderMatrixHtml(matrix));
}

export async function readMatrix(path: string): Promise<Matrix> {
  const json = await readJson(path, "matrix", "--check takes the matrix.json a previous `prunecheck matrix` wrote (docs/matrix/matrix.json).");
  const parsed = Matrix.safeParse(json);
  if (!parsed.success) throw new InputError("invalid_report", `${path} is not a prunecheck matrix: ${describeIssues(parsed.error)}`, "Regenerate it with `prunecheck matrix --config …`.");
  return parsed.data;
}
