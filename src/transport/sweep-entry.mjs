// sweep.ts from a source checkout (runtime/module-entry.ts): tsx's hooks first, then the TypeScript.
import { register } from "tsx/esm/api";

register();
await import("./sweep.ts");
