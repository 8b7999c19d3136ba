import { describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { appliesTo } from "../models/property.ts";
import type { PropertyResult } from "../models/run.ts";
import { AdapterFault } from "../errors/adapter-fault.ts";
import { SuiteProgress, suiteLiveLine, suiteStatusLine } from "./suite-progress.ts";

/** The reference's case at core: every operation, so only the strict properties and the one needing `model` are skipped. */
const APPLICABLE = PROPERTIES.filter((property) => appliesTo(property, "core", ["prune", "summarize", "reground", "compact"])).map((property) => property.id);

function passed(property: string, runs: number, requests: number): PropertyResult {
  return { property, level: "core", seed: 1, runs, requests, ms: 1, status: "passed" };
}

describe("the run's progress model and its two lines", () => {
  it("counts over the applicable properties only", () => {
    expect(PROPERTIES.length - APPLICABLE.length).toBe(5);
    const line = suiteLiveLine(new SuiteProgress(APPLICABLE, 0).counts(), 0);
    expect(line).toBe(`[0/${APPLICABLE.length}] 0 runs · 0 requests (0 req/s) · 0.0 s · ${APPLICABLE[0]} …`);
  });

  it("advances as verdicts come in out of order, and names the one the next verdict line waits for", () => {
    const [first, second, third] = APPLICABLE as [string, string, string];
    const progress = new SuiteProgress(APPLICABLE, 0);
    progress.settled(passed(third, 10, 100));
    expect(suiteLiveLine(progress.counts(), 1000)).toMatch(new RegExp(`^\\[1/18\\] 0 runs · 0 requests \\(0 req/s\\) · 1\\.0 s · ${first} …$`));
    progress.settled(passed(first, 10, 100));
    expect(suiteLiveLine(progress.counts(), 2000)).toMatch(new RegExp(`^\\[2/18\\] .* · ${second} …$`));
    for (const id of APPLICABLE) progress.settled(passed(id, 10, 100));
    expect(suiteLiveLine(progress.counts(), 3000)).toBe("[18/18] 0 runs · 0 requests (0 req/s) · 3.0 s");
  });

  it("says a timeout the moment it happens, and what is being shrunk for how long (issue 46: a slow pruner read as a hang)", () => {
    const [first, second] = APPLICABLE as [string, string];
    let clock = 0;
    const progress = new SuiteProgress(APPLICABLE, 0, () => clock);
    const timeout = new AdapterFault("timeout", null, "prune request 12: no answer within 5000 ms");
    progress.faulted(timeout);
    clock = 5000;
    progress.shrinking(first);
    progress.faulted(new AdapterFault("timeout", null, "prune request 13: no answer within 1000 ms"));
    progress.faulted(new AdapterFault("crash", null, "exited"));

    expect(suiteStatusLine(progress.counts(), 65_000)).toBe(
      `prunecheck: 0/18 properties done, 0 runs, 0 requests (0 req/s), 1 min 05 s elapsed; 2 timeouts so far, the first: ${timeout.message}; shrinking ${first} (1 min 00 s)`,
    );
    expect(suiteLiveLine(progress.counts(), 65_000)).toBe(`[0/18] 0 runs · 0 requests (0 req/s) · 1 min 05 s · 2 timeouts · shrinking ${first} (1 min 00 s)`);
    progress.settled({ ...passed(first, 1, 1), status: "interrupted" });
    expect(suiteLiveLine(progress.counts(), 65_000)).toBe(`[1/18] 0 runs · 0 requests (0 req/s) · 1 min 05 s · 2 timeouts · ${second} …`);
  });

  it("counts runs and requests once for the suite, as they happen, since properties share their runs", () => {
    const [first] = APPLICABLE as [string];
    const progress = new SuiteProgress(APPLICABLE, 1000);
    for (let sent = 0; sent < 180; sent++) progress.sent();
    progress.ran();
    progress.ran();
    expect(suiteStatusLine(progress.counts(), 2000)).toBe("prunecheck: 0/18 properties done, 2 runs, 180 requests (180 req/s), 1.0 s elapsed");
    // A verdict's own counts are that property's share of the runs: they add nothing to the suite's.
    progress.settled({ ...passed(first, 3, 1234), status: "interrupted" });
    progress.settled(passed("not-a-property", 99, 99));
    expect(suiteStatusLine(progress.counts(), 55_000)).toBe("prunecheck: 1/18 properties done, 2 runs, 180 requests (3 req/s), 54.0 s elapsed");
  });
});
