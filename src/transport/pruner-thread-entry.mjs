// A worker thread does not inherit the main thread's tsx hooks: register them, then load the TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./pruner-thread.ts");
