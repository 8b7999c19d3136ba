#!/usr/bin/env node
// The compiled CLI: `npm run build` writes dist/ (npm ci and npm pack run it), so the package needs no
// TypeScript at run time.
let cli;
try {
  cli = await import("../dist/src/cli/main.js");
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes("main.js")) throw error;
  console.error("prunecheck: this checkout is not built (no dist/src/cli/main.js)\nHint: run `npm run build` (npm ci runs it).");
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2));
