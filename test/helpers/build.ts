import { execFileSync } from "node:child_process";

/**
 * The system lane runs the CLI as a user does, `node bin/prunecheck.js`, which runs the compiled dist/:
 * build it first, so that no test judges a dist/ older than the sources beside it.
 */
export default function build(): void {
  execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
}
