import { describe, expect, it } from "vitest";
import { budgetReachable } from "../../properties/budget-reachable.ts";
import { compactGivesUp } from "../../properties/mutants/compact-gives-up.ts";
import { staleKeyAccepted } from "../../properties/mutants/stale-key-accepted.ts";
import { whitespaceNormalized } from "../../properties/mutants/whitespace-normalized.ts";
import { staleKeyRefused } from "../../properties/stale-key-refused.ts";
import { modelFailureSafe } from "../../properties/model-failure-safe.ts";
import { provenanceResolvesProperty } from "../../properties/provenance-resolves.ts";
import { storesModelError } from "../../properties/mutants/stores-model-error.ts";
import { trustsModelProvenance } from "../../properties/mutants/trusts-model-provenance.ts";
import { inProcessDriver } from "../transport/in-process.ts";
import { checkProperty } from "../models/run.ts";
import { buildReport, modelConforming } from "./build.ts";
import { SHOWN_SPANS } from "./excerpt.ts";
import { tellStory } from "./story.ts";

describe("the story of a finding that rests on a probe", () => {
  it("tells the probe's answer right after the failing request, which stays the report's last request", async () => {
    const driver = inProcessDriver(compactGivesUp.pruner);
    const result = await checkProperty(driver, budgetReachable, { level: "core", seed: 1, numRuns: 300 });
    if (result.status !== "failed") throw new Error(`expected compact-gives-up to fail budget-reachable, got ${result.status}`);
    const report = buildReport(result, { name: driver.name, capabilities: driver.capabilities, target: { kind: "reference" } }, { outDir: "reports" });

    const asked = report.story.findIndex((line) => line.startsWith(`Then ${driver.name} was asked to compact`));
    expect(asked).toBeGreaterThan(0);
    expect(report.story[asked + 1]).toMatch(new RegExp(`^Beside it, ${driver.name} was asked to prune every span that has a byte-exact copy, the most a compaction may evict, and it returned a window of depth \\d+ holding \\[`));
    expect(report.story.at(-1)).toMatch(/^That is the violation: compact refused a budget/);
    expect(report.requests.at(-1)?.op).toBe("compact");
    expect(report.response).toMatchObject({ ok: false });
  });
});

describe("the story reads as sentences", () => {
  it("names the key scheme in words, tells no step that did nothing, and leaves no sentence on a colon", async () => {
    const driver = inProcessDriver(staleKeyAccepted.pruner);
    const stories: string[][] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const result = await checkProperty(driver, staleKeyRefused, { level: "core", seed, numRuns: 200 });
      if (result.status !== "failed") throw new Error(`expected stale-key-accepted to fail stale-key-refused at seed ${seed}, got ${result.status}`);
      stories.push(buildReport(result, { name: driver.name, capabilities: driver.capabilities, target: { kind: "reference" } }, { outDir: "reports" }).story);
    }
    const lines = stories.flat();
    // Seeds vary the key scheme, so the words for more than one are checked.
    expect(lines.filter((line) => line.startsWith("The store names keys ")).length).toBeGreaterThan(1);
    expect(lines.filter((line) => /names keys by (odd|counter|sha256)\b|externalizes \[\] first|^The runtime: the |:$/.test(line))).toEqual([]);
  });
});

describe("the story of a near miss (issue 46: a trailing space could not be seen)", () => {
  it("shows a stale copy where it parts from the span's text, in the finding and in the story, invisible characters escaped", async () => {
    const driver = inProcessDriver(whitespaceNormalized.pruner);
    const result = await checkProperty(driver, staleKeyRefused, { level: "core", seed: 1, numRuns: 300 });
    if (result.status !== "failed") throw new Error(`expected whitespace-normalized to fail stale-key-refused, got ${result.status}`);
    const report = buildReport(result, { name: driver.name, capabilities: driver.capabilities, target: { kind: "reference" } }, { outDir: "reports" });

    expect(report.finding.message).toMatch(/holds different text in the store \(stale\): the first \d+ characters alike, then .* where the store has /);
    expect(report.story.some((line) => /holds different text: the first \d+ characters alike, then .* where the store has /.test(line))).toBe(true);
  });
});

describe("the story of a model-driven finding", () => {
  const report = async (pruner: typeof storesModelError.pruner, property: typeof modelFailureSafe) => {
    const driver = inProcessDriver(pruner);
    const result = await checkProperty(driver, property, { level: "core", seed: 1, numRuns: 300 });
    if (result.status !== "failed") throw new Error(`expected ${pruner.name} to fail ${property.id}, got ${result.status}`);
    return buildReport(result, { name: driver.name, capabilities: driver.capabilities, target: { kind: "reference" } }, { outDir: "reports" });
  };

  it("quotes the model's failure verbatim in the failing request", async () => {
    const { story } = await report(storesModelError.pruner, modelFailureSafe);
    const failing = story.find((line) => line.startsWith("Then mutant:stores-model-error was asked to summarize"));
    // The smallest failure fast-check finds may be an empty answer (the faithful summary of an empty span) or an error.
    expect(failing).toMatch(/; it asked the model to summarize \[.*\], and the model (failed \((error|timeout): "[^"]+"\)|answered "")/);
    expect(story.at(-1)).toMatch(/^That is the violation: (span "[^"]+" holds the text of the model's failure|the model answered with an empty summary, yet summarize succeeded)/);
  });

  it("quotes what the model claimed to cover, beside the provenance that trusted it", async () => {
    const { story } = await report(trustsModelProvenance.pruner, provenanceResolvesProperty);
    expect(story.join("\n")).toMatch(/and the model answered "[^"]*" \(claiming \[/);
  });
});

describe("the story says what a conforming pruner would have answered", () => {
  const storyOf = async (pruner: typeof staleKeyAccepted.pruner, property: typeof staleKeyRefused) => {
    const driver = inProcessDriver(pruner);
    const result = await checkProperty(driver, property, { level: "core", seed: 1, numRuns: 300 });
    if (result.status !== "failed") throw new Error(`expected ${pruner.name} to fail ${property.id}, got ${result.status}`);
    const conforming = await modelConforming(result);
    const options = { outDir: "reports", ...(conforming === undefined ? {} : { conforming }) };
    return buildReport(result, { name: driver.name, capabilities: driver.capabilities, target: { kind: "reference" } }, options).story;
  };
  const CONFORMING = "A conforming pruner could have answered as the reference does: ";
  /** A span id as the story quotes it: JSON, so an id may hold escaped quotes and backslashes. */
  const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;

  it("the refusal a pruner that accepted a stale key owed, just before the violation", async () => {
    const story = await storyOf(staleKeyAccepted.pruner, staleKeyRefused);

    expect(story.at(-2)).toMatch(new RegExp(`^${CONFORMING}it refused with UnrecoverablePruneError naming ${JSON_STRING} \\(stale_key\\)\\.$`));
  });

  it("the window a compactor that gave up owed", async () => {
    const story = await storyOf(compactGivesUp.pruner, budgetReachable);

    expect(story.find((line) => line.startsWith(CONFORMING))).toMatch(/does: it returned a window of depth \d+ holding \[/);
  });

  it("for a model-driven pruner, the model-driven reference's answer facing the same model (issue 46: none was told)", async () => {
    const story = await storyOf(storesModelError.pruner, modelFailureSafe);

    expect(story.filter((line) => line.startsWith("A conforming pruner"))).toEqual([
      'A conforming pruner facing the same model could have answered as the reference does: it asked the model to summarize ["s1"], and the model answered "" (claiming ["s1"]), and it refused with UnrecoverablePruneError (model_failed).',
    ]);
    // A refusal the model's failure makes is owed by every pruner facing it: no rule to add.
    expect(story.join("\n")).not.toContain("one conforming answer, not the only one");
  });

  it("where the model's words decide the answer, the rule every conforming answer keeps (issue 46)", async () => {
    const story = await storyOf(trustsModelProvenance.pruner, provenanceResolvesProperty);

    // What the reference asked the model comes first: a summary in the same place may stand for other spans.
    const told = story.findIndex((line) => /^A conforming pruner facing the same model could have answered as the reference does: it asked the model .*, and it returned a window /.test(line));
    expect(told).toBeGreaterThan(-1);
    expect(story[told + 1]).toBe(
      "That answer follows from what the model said, so it is one conforming answer, not the only one; any answer conforms that keeps provenance-resolves's rule: Summaries carry provenance that resolves byte-exact.",
    );
  });
});

describe("the story of a finding on a long window (issue 46: 1,517 sentences, one per span)", () => {
  it(`tells the spans that matter, ${SHOWN_SPANS} at most, and counts the others`, () => {
    const spans = Array.from({ length: 3000 }, (_, index) => ({ span_id: `s${index}`, text: `span ${index}`, tags: [], externalized_key: null }));
    const request = { id: 9, op: "prune" as const, window: { spans, derivation_depth: 0 }, evict_ids: ["s1234"], store: {} };
    const story = tellStory([], { message: "no answer within 5000 ms" }, "slow", request);

    expect(story).toContain(
      "At that point the window had derivation_depth 0 and 3000 spans; told here are the 7 that matter most to this finding (those the request, its answer, the model and the finding name, the spans they depend on, the first and the last), and 2993 others are not.",
    );
    expect(story.filter((line) => line.startsWith("Let ")).map((line) => line.split('"')[1])).toEqual(["s0", "s1", "s2", "s1234", "s2997", "s2998", "s2999"]);
  });
});
