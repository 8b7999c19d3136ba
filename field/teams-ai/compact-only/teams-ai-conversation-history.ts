/** teams-ai-conversation-history with prune answered by the reference (see adapters/compact-only.ts): only its compact is judged. */
import { compactOnly } from "../../../adapters/compact-only.ts";
import pruner from "../teams-ai-conversation-history.ts";

export default compactOnly(pruner);
