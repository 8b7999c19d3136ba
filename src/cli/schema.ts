import { join } from "node:path";
import { makeDir, writeFileAtomic } from "../files/write-atomic.ts";
import { jsonSchemas, renderJsonSchema } from "../wire/json-schema.ts";
import type { Io } from "../console/io.ts";
import { checkOutputDir, checkOutputFile } from "../files/output-paths.ts";
import { readRegularFile } from "../files/read-json.ts";

/** `prunecheck schema`: print the JSON Schemas, write them to a folder, or check a folder is up to date. */
export async function schemaCommand(mode: { write?: string | undefined; check?: string | undefined }, io: Io): Promise<number> {
  const schemas = jsonSchemas();
  if (mode.write !== undefined) {
    // A folder that cannot be made or written is the user's input error, said before anything is written.
    checkOutputDir("--write", mode.write);
    for (const file of Object.keys(schemas)) checkOutputFile("--write", mode.write, join(mode.write, file));
    makeDir(mode.write);
    for (const [file, schema] of Object.entries(schemas)) await writeFileAtomic(join(mode.write, file), renderJsonSchema(schema));
    io.line(`wrote ${Object.keys(schemas).length} JSON Schemas to ${mode.write}`);
    return 0;
  }
  if (mode.check !== undefined) {
    const stale: string[] = [];
    for (const [file, schema] of Object.entries(schemas)) {
      // Read only if a regular file: a FIFO put there would otherwise block the check forever.
      const onDisk = await readRegularFile(join(mode.check, file), "JSON Schema", "").catch(() => null);
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
