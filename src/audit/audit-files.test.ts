import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { InputError } from "../errors/input.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import { definePruner } from "../transport/pruner.ts";
import type { Store, Window } from "../wire/window.ts";
import { moduleEntry } from "../runtime/module-entry.ts";
import { auditFiles } from "./audit-files.ts";
import type { TraceAudit } from "./audit-trace.ts";

/** Where the CLI's audit threads start, as src/cli/audit.ts names it. */
const thread = moduleEntry(new URL("../cli/audit.ts", import.meta.url).href, "audit-thread");
const dir = mkdtempSync(join(tmpdir(), "prunecheck-audit-files-"));
const store: Store = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
const window: Window = { spans: [{ span_id: "s1", text: store.k1!, tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };
/** Removes what it is asked to: every exchange of it breaks a property or two. */
const naive = definePruner({
  name: "naive",
  capabilities: ["prune"],
  prune: (given, evictIds) => ({ ...given, spans: given.spans.filter((each) => !evictIds.includes(each.span_id)) }),
});

/** A trace of `exchanges` naive prunes, and what follows them (a bad line, say). */
async function trace(name: string, exchanges: number, after = ""): Promise<string> {
  const lines: string[] = [];
  const recorded = recordPruner(naive, (line) => lines.push(line), { conversation: name });
  for (let at = 0; at < exchanges; at++) await recorded.prune(window, ["s1"], store);
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n${after}`);
  return file;
}

describe("auditFiles", () => {
  it("audits files in worker threads to what it finds file by file, told in file order", async () => {
    const files = [await trace("big", 400), await trace("small", 1), await trace("middle", 20)];
    const inOrder: number[] = [];
    const read: number[] = [];
    const threaded = await auditFiles(files, PROPERTIES, "core", {
      workers: 3,
      thread,
      audited: (index) => inOrder.push(index),
      progress: (index) => read.push(index),
    });
    const alone = await auditFiles(files, PROPERTIES, "core", { workers: 1 });

    expect(threaded).toEqual(alone);
    expect(threaded.map((audit) => audit.exchanges)).toEqual([400, 1, 20]);
    expect(threaded[0]?.findings.length).toBeGreaterThan(0);
    expect(inOrder).toEqual([0, 1, 2]);
    expect(new Set(read)).toEqual(new Set([0, 1, 2]));
  }, 60_000);

  it("throws the first bad file's error whatever finished first, as file by file, typed", async () => {
    // The first bad file is long and bad at its end; the second is bad at once, and fails first.
    const files = [await trace("good", 1), await trace("late", 2000, "not json\n"), await trace("early", 0, "not json\n")];
    const error = await auditFiles(files, PROPERTIES, "core", { workers: 3, thread }).catch((caught: unknown) => caught);
    const alone = await auditFiles(files, PROPERTIES, "core", { workers: 1 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({
      code: "invalid_trace",
      message: expect.stringMatching(new RegExp(`^${files[1]!.replace(/[.]/g, "\\.")}:2002: the line is not JSON`)),
    });
    expect((error as Error).message).toBe((alone as Error).message);
  }, 60_000);

  it("with lenient, counts a file's bad lines and keeps the first's message only", async () => {
    const file = await trace("garbage", 1, "not json\n{}\nnot json either\n");
    const [audit] = (await auditFiles([file], PROPERTIES, "core", { workers: 1, lenient: true })) as [TraceAudit];
    expect(audit.skipped).toEqual({ count: 3, first: expect.stringMatching(new RegExp(`^${file.replace(/[.]/g, "\\.")}:3: the line is not JSON`)) });
  });
});
