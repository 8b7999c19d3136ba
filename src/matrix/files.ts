import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Matrix } from "./data.ts";
import { renderMatrixHtml } from "./html.ts";
import { renderMatrixMarkdown } from "./markdown.ts";
import { readJsonAs } from "../cli/read-json.ts";

/** Three renderings of one data object, side by side in `outDir`. */
export async function writeMatrix(outDir: string, matrix: Matrix): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, "matrix.json"), `${JSON.stringify(matrix, null, 2)}\n`);
  await writeFile(join(outDir, "matrix.md"), renderMatrixMarkdown(matrix));
  await writeFile(join(outDir, "matrix.html"), renderMatrixHtml(matrix));
}

export function readMatrix(path: string): Promise<Matrix> {
  return readJsonAs(path, {
    schema: Matrix,
    what: "matrix",
    code: "invalid_report",
    readHint: "--check takes the matrix.json a previous `prunecheck matrix` wrote (docs/matrix/matrix.json).",
    invalidHint: "Regenerate it with `prunecheck matrix --config …`.",
  });
}
