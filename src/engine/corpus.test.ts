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
import { addToCorpus, corpusKey, loadCorpus, sameTarget, shapeOf, type CorpusEntry } from "./corpus.ts";
import type { ExhaustiveCase } from "../models/exhaustive-case.ts";
import dropsPreconditions from "../../fuzz/fixtures/drops-preconditions.ts";
import { caseReport, judgeCase } from "../../fuzz/judge.ts";
import { workerPlan } from "../../test/helpers/worker-plan.ts";
import type { Found, WorkerEvent } from "../../fuzz/messages.ts";
import { replayEntry } from "../../fuzz/replay-entry.ts";
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
});
