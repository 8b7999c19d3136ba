import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { referencePruner } from "../reference/index.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import type { Store, Window } from "../wire/window.ts";
import { auditTrace } from "./audit-trace.ts";

const dir = mkdtempSync(join(tmpdir(), "prunecheck-audit-"));
const store: Store = { k1: "the schema" };
const original: Window = { spans: [{ span_id: "s", text: "the schema", tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };

describe("auditTrace", () => {
  it("points each finding at the trace's file, line and conversation, and follows a conversation's spans", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(referencePruner, (line) => lines.push(line), { conversation: "c1" });
    const pruned = await recorded.prune(original, ["s"], store);
    // Line 3, recorded by hand: the runtime's store now holds another text under the pointer's key, and the
    // pruner re-evicted the pointer anyway. Only the conversation knows the pointer's original text.
    const stale: Store = { k1: "the schema, edited" };
    lines.push(
      JSON.stringify({
        request: { id: 2, op: "prune", window: pruned, evict_ids: ["s"], store: stale },
        response: { id: 2, ok: true, window: pruned },
        sent_at: "2026-12-03T16:00:00.000Z",
        answered_at: "2026-12-03T16:00:00.001Z",
        conversation: "c1",
      }),
    );
    const file = join(dir, "conversation.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const audit = await auditTrace(file, PROPERTIES, "strict");
    expect(audit.exchanges).toBe(2);
    expect(audit.findings.length).toBeGreaterThan(0);
    expect(audit.ops).toEqual({ prune: 2 });
    expect(audit.header.implementation?.name).toBe(referencePruner.name);
    expect(
      audit.findings.every(
        ({ count, firstLine, smallest }) =>
          count === 1 &&
          firstLine === 3 &&
          smallest.origin.line === 3 &&
          smallest.origin.file === file &&
          smallest.origin.conversation === "c1" &&
          // Found with what the conversation showed before: not a counterexample replay can re-send alone.
          smallest.origin.standalone === undefined,
      ),
    ).toBe(true);

    // The same line without its conversation is judged on its own: the store's copy is all it shows.
    writeFileSync(file, `${lines.slice(0, 2).join("\n")}\n${lines[2]?.replace(',"conversation":"c1"', "")}\n`);
    expect((await auditTrace(file, PROPERTIES, "strict")).findings).toEqual([]);
  });
});
