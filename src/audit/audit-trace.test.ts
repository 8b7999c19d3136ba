import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { referencePruner } from "../reference/index.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import type { Store, Window } from "../wire/window.ts";
import { staleReEviction } from "../../test/helpers/stale-re-eviction.ts";
import { auditTrace } from "./audit-trace.ts";

const dir = mkdtempSync(join(tmpdir(), "prunecheck-audit-"));
const store: Store = { k1: "the schema" };
const original: Window = { spans: [{ span_id: "s", text: "the schema", tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };

/** A trace of conversation c1 pruning its span, then re-evicting the pointer against a store edited since. */
async function conversations(): Promise<{ lines: string[]; stale: (conversation: string) => string; prune: (conversation: string) => Promise<string> }> {
  const lines: string[] = [];
  const write = (line: string) => lines.push(line);
  let current = "c1";
  const recorded = recordPruner(referencePruner, write, { conversation: () => current });
  const prune = async (conversation: string) => {
    current = conversation;
    const before = lines.length;
    await recorded.prune(original, ["s"], store);
    return lines.splice(before)[0] as string;
  };
  const pruned = await referencePruner.prune(original, ["s"], store);
  const stale = (conversation: string) => staleReEviction(pruned, ["s"], "k1", conversation);
  return { lines, stale, prune };
}

async function audited(lines: readonly string[], openConversations?: number) {
  const file = join(dir, "conversations.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return auditTrace(file, PROPERTIES, "strict", openConversations === undefined ? {} : { openConversations });
}

describe("auditTrace", () => {
  it("forgets a conversation at its end line: an exchange naming it after that starts it again, knowing nothing", async () => {
    const { lines, stale, prune } = await conversations();
    const first = await prune("c1");
    const end = JSON.stringify({ conversation_end: "c1", at: "2026-12-03T16:00:00.000Z" });
    const followed = await audited([...lines, first, stale("c1")]);
    expect(followed.findings.length).toBeGreaterThan(0);
    expect(followed.conversations).toEqual({ started: 1, ended: 0, forgotten: 0 });
    const ended = await audited([...lines, first, end, stale("c1")]);
    expect(ended.findings).toEqual([]);
    expect(ended.conversations).toEqual({ started: 2, ended: 1, forgotten: 0 });
  });

  it("follows at most openConversations at once, forgetting the least recently active, and counts each forgotten", async () => {
    const { lines, stale, prune } = await conversations();
    // c1, c2, c1 again, c3: with room for two, c3 pushes out c2, the least recently active, not c1.
    const trace = [...lines, await prune("c1"), await prune("c2"), await prune("c1"), await prune("c3"), stale("c1")];
    const roomForTwo = await audited(trace, 2);
    expect(roomForTwo.findings.length).toBeGreaterThan(0);
    expect(roomForTwo.conversations).toEqual({ started: 3, ended: 0, forgotten: 1 });
    const roomForOne = await audited(trace, 1);
    expect(roomForOne.findings).toEqual([]);
    expect(roomForOne.conversations).toEqual({ started: 5, ended: 0, forgotten: 4 });
  });

  it("points each finding at the trace's file, line and conversation, and follows a conversation's spans", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(referencePruner, (line) => lines.push(line), { conversation: "c1" });
    // Line 3, recorded by hand: the runtime's store now holds another text under the pointer's key, and the
    // pruner re-evicted the pointer anyway. Only the conversation knows the pointer's original text.
    lines.push(staleReEviction(await recorded.prune(original, ["s"], store), ["s"], "k1", "c1"));
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
