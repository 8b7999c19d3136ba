import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { memoryIo } from "../console/io.ts";
import { referenceModelPruner, referencePruner, summarize } from "../reference/index.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { compactGivesUp } from "../../properties/mutants/compact-gives-up.ts";
import { nondeterministicCulprit } from "../../properties/mutants/nondeterministic-culprit.ts";
import { deletesHistoryOnModelFailure } from "../../properties/mutants/deletes-history-on-model-failure.ts";
import { ModelFailure } from "../errors/model-failure.ts";
import { Report } from "../reports/report.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import { definePruner, type Pruner } from "../transport/pruner.ts";
import type { Store, Window } from "../wire/window.ts";
import { replayTarget } from "../cli/replay.ts";
import { InputError } from "../errors/input.ts";
import { loadCorpus } from "../engine/corpus.ts";
import { staleReEviction } from "../../test/helpers/stale-re-eviction.ts";
import { fileLine, runAudit } from "./run-audit.ts";

const dir = mkdtempSync(join(tmpdir(), "prunecheck-run-audit-"));
const store: Store = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
const span = (span_id: string, text: string, key: string | null, tags: string[] = []) => ({ span_id, text, tags, externalized_key: key });
const small: Window = { spans: [span("s1", store.k1!, "k1", ["constraint"])], derivation_depth: 0 };
const large: Window = { spans: [...small.spans, span("s2", "ok", null), span("s3", "done", null)], derivation_depth: 0 };

/** Removes what it is asked to: the naive pruner every store-less library is. */
const naive = definePruner({
  name: "naive",
  capabilities: ["prune"],
  prune: (window, evictIds) => ({ spans: window.spans.filter((each) => !evictIds.includes(each.span_id)), derivation_depth: window.derivation_depth + 1 }),
});

async function traceOf(name: string, pruner: Pruner, windows: readonly Window[]): Promise<string> {
  const lines: string[] = [];
  const recorded = recordPruner(pruner, (line) => lines.push(line));
  for (const window of windows) await recorded.prune(window, ["s1"], store);
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** A model-driven summarize untrue to its model: each summary is the model's text and a count of the calls so far. */
function driftingSummary(): NonNullable<Pruner["summarizeWithModel"]> {
  let calls = 0;
  return async (window, spanIds, summaryId, given, model) => {
    const { text } = await model.summarize([...spanIds]);
    calls++;
    return summarize(window, spanIds, summaryId, `${text} (${calls})`, given);
  };
}

/** The trace of the model-driven reference summarizing `small`'s one span with a model that answers `text`. */
async function modelSummaryTrace(text: string): Promise<string[]> {
  const lines: string[] = [];
  const recorded = recordPruner(referenceModelPruner, (line) => lines.push(line));
  await recorded.summarizeWithModel!(small, ["s1"], "sum", store, { summarize: async () => ({ text }), choose: async (ids) => ids });
  return lines;
}

const options = (out: string, extra: object = {}) => ({ level: "core" as const, properties: PROPERTIES, outDir: join(dir, out), ...extra });

describe("runAudit, a recorded trace judged as run judges a live pruner", () => {
  it("fails what the recorded answers broke, counting the exchanges and reporting the smallest window at its line", async () => {
    const file = await traceOf("naive", naive, [large, small]);
    const io = memoryIo();
    const summary = await runAudit([file], options("naive"), io);

    expect(summary.violations).toEqual(["precondition-recoverable", "pointer-not-paraphrase", "safe-prune-succeeds"]);
    expect([summary.runs, summary.requests]).toEqual([2, 2]);
    // Recorded, not drawn: no seed to name.
    expect(summary).not.toHaveProperty("seed");
    const verdict = summary.results.find((result) => result.property === "pointer-not-paraphrase")!;
    expect(verdict.message).toMatch(/\(2 of 2 exchanges; first at .*naive\.jsonl:2; the report shows .*naive\.jsonl:3, the smallest window\)$/);
    const report = Report.parse(JSON.parse(readFileSync(`${verdict.report!}.json`, "utf8")));
    // The naive answer breaks it with nothing but its own request: a counterexample replay can re-send.
    expect(report.origin).toEqual({ kind: "trace", file, line: 3, standalone: true });
    // Recorded in process (recordPruner): the fix is a module, named with --impl (issue 46: it said --cmd).
    expect(report.replay).toMatch(/prunecheck replay .*\.json --impl '<your fixed module>'$/);
    expect(io.lines[0]).toMatch(/naive\.jsonl: 2 exchanges$/);

    // Replay re-sends a standalone exchange to the implementation the user names, and to nothing else.
    const fixed = { kind: "cmd" as const, command: "python3 adapter.py" };
    expect(replayTarget(report, "r.json", fixed, false)).toBe(fixed);
    expect(() => replayTarget(report, "r.json", null, true)).toThrow(/names no implementation to replay it on/);
    const helped = { ...report, origin: { kind: "trace" as const, file, line: 3 } };
    const refusal = (() => {
      try {
        return replayTarget(helped, "r.json", fixed, false);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(InputError);
    expect(refusal).toMatchObject({
      code: "not_replayable",
      message: expect.stringContaining(`(${file}:3) with what the conversation's earlier exchanges showed`),
    });
  });

  it("skips, with why, what a trace cannot judge and what it holds no exchange for; the reference's trace is clean", async () => {
    const summary = await runAudit([await traceOf("reference", referencePruner, [small])], options("reference"), memoryIo());
    const reason = (id: string) => summary.results.find((result) => result.property === id)?.reason;

    expect(summary.violations).toEqual([]);
    expect(reason("deterministic")).toMatch(/^not judged from a trace: needs the implementation to answer again/);
    expect(reason("inputs-immutable")).toMatch(/^not judged from a trace: needs the objects the pruner was handed/);
    expect(reason("reground-restores")).toBe("no reground exchange in the trace");
    expect(reason("externalize-everything")).toBe("strict-level property");
  });

  it("names every recorded implementation, skips an empty trace's properties, and counts bad lines with --lenient", async () => {
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, `${readFileSync(await traceOf("one", naive, [small]), "utf8")}not json\n`);
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, `${readFileSync(await traceOf("none", referencePruner, []), "utf8")}`);
    const io = memoryIo();
    const summary = await runAudit([bad, empty], options("both", { lenient: true }), io);

    expect(summary.implementation).toBe("naive + reference");
    expect(io.lines[0]).toMatch(/bad\.jsonl: 1 exchange, skipped 1 bad line \(first: .*bad\.jsonl:3: the line is not JSON/);
    const alone = await runAudit([empty], options("empty"), memoryIo());
    expect(alone.results.every((result) => result.status === "skipped")).toBe(true);
    expect(alone.results.find((result) => result.property === "kept-untouched")?.reason).toBe("the traces hold no exchange");
  });

  it("prints each file's conversations, and says how many it forgot while open and what that costs", () => {
    const audit = { header: { format: "prunecheck-trace", version: 1 }, exchanges: 5_000, ops: {}, skipped: { count: 0 }, findings: [], probed: 0 } as const;
    expect(fileLine("t.jsonl", { ...audit, conversations: { started: 0, ended: 0, forgotten: 0 } }, 1000)).toBe("prunecheck: t.jsonl: 5,000 exchanges");
    expect(fileLine("t.jsonl", { ...audit, conversations: { started: 1_200, ended: 1_200, forgotten: 0 } }, 1000)).toBe(
      "prunecheck: t.jsonl: 5,000 exchanges in 1,200 conversations (1,200 ended)",
    );
    expect(fileLine("t.jsonl", { ...audit, conversations: { started: 3, ended: 0, forgotten: 1 } }, 2)).toBe(
      "prunecheck: t.jsonl: 5,000 exchanges in 3 conversations (0 ended; 1 conversation forgotten while open, more than --open-conversations 2 at once: their later exchanges were judged as if they started there, which can miss a fault)",
    );
  });

  it("adds what breaks its property alone to a regression corpus, under the recorded name, once; not what needed its conversation", async () => {
    const corpus = join(dir, "corpus");
    const file = await traceOf("for-corpus", naive, [large, small]);
    const io = memoryIo();
    const summary = await runAudit([file], options("corpus-run", { corpus }), io);
    const { entries } = await loadCorpus(corpus);
    expect(io.lines.at(-2)).toBe(`prunecheck audit: corpus ${corpus}: added ${summary.violations.length} entries`);
    expect(entries.map((entry) => entry.report.property.id).sort()).toEqual([...summary.violations].sort());
    expect(entries.every(({ report }) => report.implementation.name === "naive" && report.implementation.target.kind === "recorded")).toBe(true);
    const again = memoryIo();
    await runAudit([file], options("corpus-again", { corpus }), again);
    expect(again.lines.at(-2)).toBe(`prunecheck audit: corpus ${corpus}: added 0 entries; ${summary.violations.length} already there`);

    // The reference, re-evicting a pointer whose store copy changed since: only the conversation shows it.
    const lines: string[] = [];
    const recorded = recordPruner(referencePruner, (line) => lines.push(line), { conversation: "c" });
    lines.push(staleReEviction(await recorded.prune(small, ["s1"], store), ["s1"], "k1", "c"));
    const helpedFile = join(dir, "helped.jsonl");
    writeFileSync(helpedFile, `${lines.join("\n")}\n`);
    const helped = memoryIo();
    const found = await runAudit([helpedFile], options("helped", { corpus: join(dir, "helped-corpus") }), helped);
    expect(found.violations.length).toBeGreaterThan(0);
    expect(helped.lines.at(-2)).toBe(
      `prunecheck audit: corpus ${join(dir, "helped-corpus")}: added 0 entries; ${found.violations.length} found with the help of earlier exchanges, which fail only in their conversation, not added`,
    );
  });

  it("judges model-failure-safe from the model's answers the recorder kept: history deleted on a failure is found, a refusal is not", async () => {
    const failing = { summarize: async () => Promise.reject(new ModelFailure("error", "rate limited")), choose: async (ids: readonly string[]) => ids };
    const traceWith = async (name: string, pruner: Pruner) => {
      const lines: string[] = [];
      const recorded = recordPruner(pruner, (line) => lines.push(line));
      await Promise.resolve()
        .then(() => recorded.summarizeWithModel!(small, ["s1"], "sum", store, failing))
        .catch(() => undefined);
      const file = join(dir, `${name}.jsonl`);
      writeFileSync(file, `${lines.join("\n")}\n`);
      return file;
    };
    const deleting = await runAudit([await traceWith("deletes", deletesHistoryOnModelFailure.pruner)], options("deletes"), memoryIo());
    expect(deleting.violations).toContain("model-failure-safe");
    const refusing = await runAudit([await traceWith("refuses", referenceModelPruner)], options("refuses"), memoryIo());
    expect(refusing.violations).toEqual([]);
    expect(refusing.results.find((result) => result.property === "model-failure-safe")?.status).toBe("passed");
  });

  describe("asking the implementation again (--cmd/--impl)", () => {
    /** Records a call the pruner refuses: the refusal is what the trace holds. */
    const refused = async (call: () => unknown) => expect(Promise.resolve().then(call)).rejects.toBeInstanceOf(Error);
    const two: Window = { spans: [span("a", "no copy", null, ["constraint"]), span("b", "none either", null, ["constraint"])], derivation_depth: 0 };

    it("judges deterministic with a second answer beside each exchange, the report telling both", async () => {
      const pruner = nondeterministicCulprit.pruner;
      const lines: string[] = [];
      const recorded = recordPruner(pruner, (line) => lines.push(line));
      await refused(() => recorded.prune(two, ["a", "b"], {}));
      const file = join(dir, "culprit.jsonl");
      writeFileSync(file, `${lines.join("\n")}\n`);
      const without = await runAudit([file], options("culprit-alone"), memoryIo());
      expect(without.results.find((result) => result.property === "deterministic")?.reason).toMatch(/give --cmd or --impl$/);

      const io = memoryIo();
      const summary = await runAudit([file], options("culprit", { reask: inProcessDriver(pruner) }), io);
      expect(io.lines[0]).toBe(
        `prunecheck audit: asking ${pruner.name} again beside each exchange (facing the model's recorded answers where it used the model), for budget-reachable, deterministic`,
      );
      expect(summary.violations).toEqual(["deterministic"]);
      const verdict = summary.results.find((result) => result.property === "deterministic")!;
      const report = Report.parse(JSON.parse(readFileSync(`${verdict.report!}.json`, "utf8")));
      expect(report.origin).toMatchObject({ kind: "trace", line: 2, standalone: true });
      expect(report.story.join("\n")).toContain("Beside it, mutant:nondeterministic-culprit was asked to answer the same request again");
      // Asked again of the reference, the same exchange is consistent.
      const fixed = await runAudit([file], options("culprit-fixed", { reask: inProcessDriver({ ...referencePruner, name: pruner.name }) }), memoryIo());
      expect(fixed.violations).toEqual([]);
    });

    it("judges budget-reachable with the implementation's own prune beside each compact", async () => {
      const pruner = compactGivesUp.pruner;
      const lines: string[] = [];
      const recorded = recordPruner(pruner, (line) => lines.push(line));
      const window: Window = { spans: [span("s1", store.k1!, "k1"), span("s2", store.k1!, "k1")], derivation_depth: 0 };
      await refused(() => recorded.compact!(window, store, { unit: "chars", limit: 60 }));
      const file = join(dir, "gives-up.jsonl");
      writeFileSync(file, `${lines.join("\n")}\n`);
      const summary = await runAudit([file], options("gives-up", { reask: inProcessDriver(pruner) }), memoryIo());
      expect(summary.violations).toEqual(["budget-reachable"]);
    });

    // Issue 46: audit --impl skipped every exchange that used the model, though the trace records its answers.
    it("asks an exchange that used the model again facing the model's recorded answers, so a pruner true to its model is consistent", async () => {
      // Not what the harness's model would say: asked again facing another model, the summary would differ.
      const lines = await modelSummaryTrace("a summary of my own");
      const file = join(dir, "model.jsonl");
      writeFileSync(file, `${lines.join("\n")}\n`);
      const summary = await runAudit([file], options("model", { reask: inProcessDriver(referenceModelPruner) }), memoryIo());
      expect(summary.results.find((result) => result.property === "deterministic")).toMatchObject({ status: "passed" });

      // A pruner that does not answer as its model said is not.
      const drifting = { ...referenceModelPruner, name: referenceModelPruner.name, summarizeWithModel: driftingSummary() };
      const caught = await runAudit([file], options("model-drift", { reask: inProcessDriver(drifting) }), memoryIo());
      expect(caught.violations).toEqual(["deterministic"]);
    });

    it("does not ask again about an exchange that used the model without its answers recorded", async () => {
      const file = join(dir, "model-unrecorded.jsonl");
      const withoutModel = (await modelSummaryTrace("a summary")).map((line) => {
        const { model: _model, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return JSON.stringify(rest);
      });
      writeFileSync(file, `${withoutModel.join("\n")}\n`);
      const summary = await runAudit([file], options("model-unrecorded", { reask: inProcessDriver(referenceModelPruner) }), memoryIo());
      expect(summary.results.find((result) => result.property === "deterministic")?.reason).toBe(
        "no exchange could be asked again: each used the model, and the trace did not record its answers",
      );
    });
  });
});
