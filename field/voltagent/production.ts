/**
 * Imported before `@voltagent/core`, and undone by `restoreNodeEnv` once it has loaded. Outside production
 * (NODE_ENV unset counts), loading VoltAgent starts a refresh of its model registry from models.dev, again
 * every so often, written under the home directory, with a console warning where there is no network:
 * nothing an agent's summarization uses, and no file prunecheck may leave outside --out. VoltAgent reads
 * NODE_ENV once, as it loads.
 */
const before = process.env.NODE_ENV;
process.env.NODE_ENV = "production";

export function restoreNodeEnv(): void {
  if (before === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = before;
}
