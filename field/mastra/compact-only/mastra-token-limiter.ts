/** mastra-token-limiter with prune answered by the reference (see adapters/compact-only.ts): only its compact is judged. */
import { compactOnly } from "../../../adapters/compact-only.ts";
import pruner from "../mastra-token-limiter.ts";

export default compactOnly(pruner);
