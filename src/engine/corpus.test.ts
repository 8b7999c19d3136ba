import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inProcessDriver } from "../transport/in-process.ts";
import type { Pruner } from "../transport/pruner.ts";
import { appliesTo } from "../models/property.ts";
import { checkProperty } from "../models/run.ts";
import { PROPERTIES } from "../../properties/index.ts";
import { referencePruner } from "../reference/index.ts";
import { buildReport } from "../reports/build.ts";
import type { Report, Target } from "../reports/report.ts";
import { addToCorpus, corpusKey, loadCorpus, replaysOn, sameTarget, shapeOf, type CorpusEntry } from "./corpus.ts";
import { runAudit } from "../audit/run-audit.ts";
import { memoryIo } from "../console/io.ts";
import { recordPruner } from "../trace/record-pruner.ts";
import type { ExhaustiveCase } from "../models/exhaustive-case.ts";
import dropsPreconditions from "../../fuzz/fixtures/drops-preconditions.ts";
import { caseReport, judgeCase } from "./judge-case.ts";
import { workerPlan } from "../../test/helpers/worker-plan.ts";
import type { Found, WorkerEvent } from "../../fuzz/messages.ts";
import { replayEntry } from "./replay-entry.ts";
import { runWorker } from "../../fuzz/worker.ts";

const DROPS: Target = { kind: "impl", path: "fuzz/fixtures/drops-preconditions.ts" };
const implementationOf = (pruner: Pruner, target: Target) => ({ name: pruner.name, capabilities: inProcessDriver(pruner).capabilities, target });

async function exhaustiveReport(testCase: ExhaustiveCase, property: string): Promise<Report> {
  const driver = inProcessDriver(dropsPreconditions);
  const { violations, requests } = await judgeCase(driver, testCase, PROPERTIES, "core");
  const violation = violations.get(property);
  if (violation === undefined) throw new Error(`expected ${property} to fail on ${JSON.stringify(testCase)}`);
  return caseReport({
    property,
    violation,
    testCase,
    index: 9,
    level: "core",
    implementation: implementationOf(dropsPreconditions, DROPS),
    requests,
    outDir: "reports",
  });
}

async function randomReport(property: string): Promise<Report> {
  const checked = PROPERTIES.find((candidate) => candidate.id === property);
  if (checked === undefined) throw new Error(property);
  const result = await checkProperty(inProcessDriver(dropsPreconditions), checked, { level: "core", numRuns: 300, seed: 11 });
  if (result.status !== "failed") throw new Error(`expected ${property} to fail on the fixture, got ${result.status}`);
  return buildReport(result, implementationOf(dropsPreconditions, DROPS), { outDir: "reports" });
}

const ONE_PRECONDITION: ExhaustiveCase = { depth: 0, spans: [["precondition", "exact"]], op: "prune", named: [0] };

describe("corpus shapes and deduplication", () => {
  it("reads the shape off the shrunk run: ops with window sizes, and the kind of the span at fault", async () => {
    expect(shapeOf(await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable"))).toBe("prune/1 | precondition/exact");
    const twoSpans = await exhaustiveReport(
      {
        depth: 0,
        spans: [
          ["untagged", "no-key"],
          ["precondition", "exact"],
        ],
        op: "prune",
        named: [1],
      },
      "precondition-recoverable",
    );
    expect(shapeOf(twoSpans)).toBe("prune/2 | precondition/exact");
  });

  it("adds a counterexample once per target, property and shape", async () => {
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-corpus-"));
    const report = await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable");
    const sameShapeOtherText = { ...report, story: ["told differently"], seed: 99 };
    const otherProperty = await exhaustiveReport(ONE_PRECONDITION, "pointer-not-paraphrase");
    const otherTarget = { ...report, implementation: { ...report.implementation, target: { kind: "cmd", command: "python3 x.py" } as Target } };
    expect(await addToCorpus(dir, [report, sameShapeOtherText])).toHaveLength(1);
    expect(await addToCorpus(dir, [report, otherProperty, otherTarget])).toHaveLength(2);
    expect(await addToCorpus(dir, [otherProperty])).toEqual([]);
    expect(new Set([report, otherProperty, otherTarget].map(corpusKey)).size).toBe(3);
    expect((await loadCorpus(dir)).entries).toHaveLength(3);
  });

  it("skips files that are not reports, and reads a missing folder as empty", async () => {
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-corpus-"));
    await writeFile(join(dir, "junk.json"), "{not json");
    await writeFile(join(dir, "other.json"), JSON.stringify({ format: "something else" }));
    await writeFile(join(dir, "README.md"), "# corpus");
    const loaded = await loadCorpus(dir);
    expect(loaded.entries).toEqual([]);
    expect(loaded.skipped.map((entry) => entry.file)).toEqual(["junk.json", "other.json"]);
    expect(await loadCorpus(join(dir, "absent"))).toEqual({ entries: [], skipped: [] });
  });

  it('reads an entry\'s requests as written: a store key "__proto__" stays the own key it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-proto-"));
    const report = await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable");
    const [request] = report.requests as [Report["requests"][number] & { store: Record<string, string> }];
    const text = `${JSON.stringify(report)}`.replace(JSON.stringify(request.store), JSON.stringify(request.store).replace(/^\{/, '{"__proto__":"own",'));
    await writeFile(join(dir, "entry.json"), text);
    const [entry] = (await loadCorpus(dir)).entries as [CorpusEntry];
    const store = (entry.report.requests[0] as { store: Record<string, string> }).store;
    expect(Object.hasOwn(store, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(store, "__proto__")?.value).toBe("own");
  });

  it("compares module targets by resolved path", () => {
    expect(sameTarget({ kind: "impl", path: "./fuzz/x.ts" }, { kind: "impl", path: "fuzz/x.ts" })).toBe(true);
    expect(sameTarget({ kind: "cmd", command: "a" }, { kind: "cmd", command: "b" })).toBe(false);
    expect(sameTarget({ kind: "reference" }, { kind: "reference" })).toBe(true);
  });
});

describe("replaying corpus entries", () => {
  const context = (pruner: Pruner) => ({
    properties: PROPERTIES.filter((p) => appliesTo(p, "core", inProcessDriver(pruner).capabilities)),
    level: "core" as const,
    implementation: implementationOf(pruner, DROPS),
    outDir: "reports",
  });

  it.each([
    ["an exhaustive case", () => exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable")],
    ["a shrunk random run (seed, path, replayPath)", () => randomReport("precondition-recoverable")],
  ])("re-runs %s: still fails on the broken pruner, passes on the reference", async (_what, make) => {
    const entry: CorpusEntry = { file: "entry.json", report: await make() };
    const broken = await replayEntry(inProcessDriver(dropsPreconditions), entry, context(dropsPreconditions));
    expect(broken.verdict).toBe("still-fails");
    if (broken.verdict === "still-fails") expect(broken.report.finding).toEqual(entry.report.finding);
    expect((await replayEntry(inProcessDriver(referencePruner), entry, context(referencePruner))).verdict).toBe("passes");
  });

  it("skips an entry found at strict in a core campaign", async () => {
    const report = await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable");
    const outcome = await replayEntry(
      inProcessDriver(dropsPreconditions),
      { file: "e.json", report: { ...report, level: "strict" } },
      context(dropsPreconditions),
    );
    expect(outcome.verdict).toBe("skipped");
  });

  it("skips, saying why, an entry of a property the campaign does not check", async () => {
    const report = await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable");
    const outcome = await replayEntry(inProcessDriver(dropsPreconditions), { file: "e.json", report }, { ...context(dropsPreconditions), properties: [] });
    expect(outcome).toEqual({ verdict: "skipped", reason: "precondition-recoverable is not checked in this campaign" });
  });

  it("skips a trace entry that needed its conversation: it cannot be re-sent alone", async () => {
    const report = await exhaustiveReport(ONE_PRECONDITION, "precondition-recoverable");
    const entry = { file: "e.json", report: { ...report, origin: { kind: "trace" as const, file: "run.jsonl", line: 7 } } };
    const outcome = await replayEntry(inProcessDriver(dropsPreconditions), entry, context(dropsPreconditions));
    expect(outcome).toMatchObject({ verdict: "skipped", reason: expect.stringContaining("(run.jsonl:7)") });
  });

  it("skips, never passes, a random entry whose path leads to no run of its seed", async () => {
    const report = await randomReport("precondition-recoverable");
    if (report.origin.kind !== "random") throw new Error("expected a random origin");
    for (const path of ["0:999", `${report.origin.path}:999`]) {
      const entry = { file: "e.json", report: { ...report, origin: { ...report.origin, path } } };
      const outcome = await replayEntry(inProcessDriver(dropsPreconditions), entry, context(dropsPreconditions));
      expect(outcome).toMatchObject({ verdict: "skipped", reason: expect.stringContaining(`its path ${path} leads to no run`) });
    }
  });

  it("replays the corpus before anything else, and reports its verdicts", async () => {
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-corpus-"));
    await addToCorpus(dir, [await randomReport("dependencies-intact"), await exhaustiveReport(ONE_PRECONDITION, "safe-prune-succeeds")]);
    const { entries } = await loadCorpus(dir);
    expect(await readdir(dir)).toHaveLength(2);
    const events: WorkerEvent[] = [];
    const plan = workerPlan({ target: DROPS, seed: 1, budgetMs: 0, exhaustive: 1, roundRuns: 10, corpus: entries });
    const result = await runWorker(plan, inProcessDriver(dropsPreconditions), { stopped: () => false, failed: new Set(), emit: (event) => events.push(event) });
    const found = events.flatMap((event): Found[] => (event.type === "found" ? [event.found] : []));
    expect(found.slice(0, 2).map((item) => [item.phase, item.property])).toEqual(
      expect.arrayContaining([
        ["corpus", "dependencies-intact"],
        ["corpus", "safe-prune-succeeds"],
      ]),
    );
    expect(found.slice(2).every((item) => item.phase === "exhaustive")).toBe(true);
    expect(result.corpus.map((verdict) => [verdict.property, verdict.verdict]).sort()).toEqual([
      ["dependencies-intact", "still-fails"],
      ["safe-prune-succeeds", "still-fails"],
    ]);
    expect(result.exhaustive.exhausted).toBe(true);
  });

  it("replays an entry found in a recorded trace on an implementation answering to the recorded name, and on no other", async () => {
    const lines: string[] = [];
    const recorded = recordPruner(dropsPreconditions, (line) => lines.push(line));
    const store = { k1: "users.email: VARCHAR(255) NOT NULL UNIQUE" };
    await recorded.prune({ spans: [{ span_id: "s1", text: store.k1, tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 }, ["s1"], store);
    const dir = await mkdtemp(join(tmpdir(), "prunecheck-recorded-"));
    const trace = join(dir, "trace.jsonl");
    await writeFile(trace, `${lines.join("\n")}\n`);
    await runAudit([trace], { level: "core", properties: PROPERTIES, outDir: join(dir, "reports"), corpus: join(dir, "corpus") }, memoryIo());
    const { entries } = await loadCorpus(join(dir, "corpus"));
    expect(entries.length).toBeGreaterThan(0);
    const [entry] = entries as [CorpusEntry];
    expect(entry.report.implementation).toMatchObject({ name: dropsPreconditions.name, target: { kind: "recorded" } });
    expect(replaysOn(entry, DROPS, dropsPreconditions.name)).toBe(true);
    expect(replaysOn(entry, DROPS, "another-pruner")).toBe(false);
    expect(replaysOn(entry, { kind: "recorded" }, "another-pruner")).toBe(false);

    const run = (pruner: Pruner) =>
      runWorker(workerPlan({ target: DROPS, seed: 1, budgetMs: 0, exhaustive: 0, roundRuns: 1, corpus: entries }), inProcessDriver(pruner), {
        stopped: () => false,
        failed: new Set(),
        emit: () => undefined,
      });
    const still = await run(dropsPreconditions);
    expect(still.corpus.map((verdict) => verdict.verdict)).toEqual(entries.map(() => "still-fails"));
    // A fixed build answering to the same name passes them; an implementation of another name never runs them.
    const fixed = await run({ ...referencePruner, name: dropsPreconditions.name });
    expect(fixed.corpus.map((verdict) => verdict.verdict)).toEqual(entries.map(() => "passes"));
    expect((await run(referencePruner)).corpus).toEqual([]);
  });
});
