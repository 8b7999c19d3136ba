// audit-thread.ts from a source checkout (runtime/module-entry.ts): a worker thread does not inherit the
// main thread's tsx hooks, so it registers them, then loads the TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./audit-thread.ts");
