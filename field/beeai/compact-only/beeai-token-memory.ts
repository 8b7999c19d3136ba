/** beeai-token-memory with prune answered by the reference (see adapters/compact-only.ts): only its compact is judged. */
import { compactOnly } from "../../../adapters/compact-only.ts";
import pruner from "../beeai-token-memory.ts";

export default compactOnly(pruner);
