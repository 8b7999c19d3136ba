import { join } from "node:path";
import { makeDir, writeFileAtomic } from "../files/write-atomic.ts";
import { Matrix } from "./data.ts";
import { renderMatrixHtml } from "./html.ts";
import { renderMatrixMarkdown } from "./markdown.ts";
import { readJsonAs } from "../files/read-json.ts";

/** The files `writeMatrix` puts in its folder, which no implementation's folder may be named. */
export const MATRIX_FILES = ["matrix.json", "matrix.md", "matrix.html"] as const;

/** Three renderings of one data object, side by side in `outDir`. */
export async function writeMatrix(outDir: string, matrix: Matrix): Promise<void> {
  makeDir(outDir);
  const [json, markdown, html] = MATRIX_FILES;
  await writeFileAtomic(join(outDir, json), `${JSON.stringify(matrix, null, 2)}\n`);
  await writeFileAtomic(join(outDir, markdown), renderMatrixMarkdown(matrix));
  await writeFileAtomic(join(outDir, html), renderMatrixHtml(matrix));
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
