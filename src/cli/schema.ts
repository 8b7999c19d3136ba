import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { makeDir, writeFileAtomic } from "../files/write-atomic.ts";
import { jsonSchemas, renderJsonSchema } from "../wire/json-schema.ts";
import type { Io } from "../console/io.ts";
import { checkOutputDir } from "../files/output-paths.ts";

/** `prunecheck schema`: print the JSON Schemas, write them to a folder, or check a folder is up to date. */
export async function schemaCommand(mode: { write?: string | undefined; check?: string | undefined }, io: Io): Promise<number> {
  const schemas = jsonSchemas();
  if (mode.write !== undefined) {
    // A folder that cannot be made or written is the user's input error, said before anything is written.
    checkOutputDir("--write", mode.write);
    makeDir(mode.write);
    for (const [file, schema] of Object.entries(schemas)) await writeFileAtomic(join(mode.write, file), renderJsonSchema(schema));
    io.line(`wrote ${Object.keys(schemas).length} JSON Schemas to ${mode.write}`);
    return 0;
  }
  if (mode.check !== undefined) {
    const stale: string[] = [];
    for (const [file, schema] of Object.entries(schemas)) {
      const onDisk = await readFile(join(mode.check, file), "utf8").catch(() => null);
      if (onDisk !== renderJsonSchema(schema)) stale.push(file);
    }
    if (stale.length === 0) {
      io.line(`JSON Schemas in ${mode.check} are up to date (${Object.keys(schemas).length} files)`);
      return 0;
    }
    io.error(`JSON Schemas out of date in ${mode.check}: ${stale.join(", ")}\nHint: run \`npm run schema\` and commit the result.`);
    return 1;
  }
  io.line(JSON.stringify(schemas, null, 2));
  return 0;
}
