import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PROPERTIES } from "../../properties/index.ts";
import { notJudgedReason } from "../../src/audit/judge.ts";
import { shellQuote } from "../../src/reports/build.ts";
import { TraceExchange } from "../../src/wire/trace.ts";
import { expectModelTraceAudits } from "./audit-helpers.ts";
import { cli, junitCases, lastLine, readReports, readSummary, recorderCommand, ROOT, type Spawned, spawnCli, STACK_FRAME, tempDir } from "./helpers.ts";

const SEED = 77;
const NAIVE = `python3 "${join(ROOT, "examples", "python", "naive.py")}"`;
const PYTHON_REFERENCE = `python3 "${join(ROOT, "examples", "python", "adapter.py")}"`;

const recorded = (adapter: string, trace: string) => recorderCommand({ cmd: adapter }, trace);

function judgeable(ids: readonly string[]): string[] {
  return ids.filter((id) => notJudgedReason(PROPERTIES.find((property) => property.id === id) ?? PROPERTIES[0]!) === null);
}

describe("prunecheck audit of a trace recorded from the naive Python pruner during a run", () => {
  const dir = tempDir();
  const trace = join(dir, "naive.jsonl");
  let direct: Spawned;
  let throughRecorder: Spawned;
  let audit: Spawned;

  beforeAll(async () => {
    // Short scenarios: what is checked is the recording and its audit, not a long run's reach (at 24 commands
    // a scenario, the big-window runs made the trace 185 MB and the file 30 s).
    const run = (cmd: string, out: string) =>
      spawnCli(["run", "--cmd", cmd, "--runs", "25", "--max-commands", "6", "--seed", String(SEED), "--out", join(dir, out)]);
    [direct, throughRecorder] = await Promise.all([run(NAIVE, "direct"), run(recorded(NAIVE, trace), "recorded")]);
    audit = await spawnCli(["audit", trace, "--out", join(dir, "audit"), "--junit", join(dir, "audit.xml")]);
  }, 120_000);

  it("recording changes nothing the run sees: the same verdicts and the same number of requests", () => {
    expect([direct.code, throughRecorder.code]).toEqual([1, 1]);
    expect(throughRecorder.stderr).toBe("");
    const [plain, recordedRun] = [readSummary(join(dir, "direct")), readSummary(join(dir, "recorded"))];
    expect(recordedRun.violations).toEqual(plain.violations);
    expect(recordedRun.requests).toBe(plain.requests);
    // Every operation request is in the trace (hello and shutdown are not), once.
    const lines = readFileSync(trace, "utf8").trimEnd().split("\n");
    expect(lines.length - 1).toBe(plain.requests);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ format: "prunecheck-trace", version: 1, implementation: { name: "naive-python" } });
    for (const line of lines.slice(1)) TraceExchange.parse(JSON.parse(line));
  });

  it("audits to the run's violated properties, but those a trace cannot judge, and exits 1 as run does", () => {
    const run = readSummary(join(dir, "direct"));
    const audited = readSummary(join(dir, "audit"));
    expect(audit.code).toBe(1);
    expect(audit.stderr).toBe("");
    expect(audit.stdout).not.toMatch(STACK_FRAME);
    expect(audited.violations.length).toBeGreaterThan(0);
    expect(audited.violations).toEqual(judgeable(run.violations));
    expect(lastLine(audit.stdout)).toMatch(new RegExp(`^prunecheck: naive-python VIOLATES ${audited.violations.join(", ")} at core \\(`));
    for (const id of ["deterministic", "budget-reachable", "inputs-immutable"]) {
      expect(audited.results.find((result) => result.property === id)).toMatchObject({
        status: "skipped",
        reason: expect.stringMatching(/^not judged from a trace/),
      });
    }
    expect(junitCases(readFileSync(join(dir, "audit.xml"), "utf8")).map((test) => test.name)).toEqual(audited.results.map((result) => result.property));
  });

  it("asked again of the naive pruner (--cmd), also judges deterministic: the run's violations but inputs-immutable", async () => {
    const reasked = await spawnCli(["audit", trace, "--cmd", NAIVE, "--out", join(dir, "reasked")]);
    expect(reasked.stderr).toBe("");
    expect(reasked.code).toBe(1);
    const run = readSummary(join(dir, "direct"));
    expect(readSummary(join(dir, "reasked")).violations).toEqual(run.violations.filter((id) => id !== "inputs-immutable"));
    const result = (id: string) => readSummary(join(dir, "reasked")).results.find((each) => each.property === id);
    expect(result("deterministic")).toMatchObject({ status: "passed", runs: run.requests });
    // The naive pruner compacts nothing: there is nothing to judge, not nothing to ask.
    expect(result("budget-reachable")).toMatchObject({ status: "skipped", reason: "no compact exchange in the trace" });
    expect(reasked.stdout).toMatch(
      /^prunecheck audit: asking naive-python again beside each exchange \(facing the model's recorded answers where it used the model\), for budget-reachable, deterministic$/m,
    );
  });

  it("writes a report per violation that points at the trace line it shows, with that line's exchange", () => {
    const lines = readFileSync(trace, "utf8").split("\n");
    const reports = readReports(join(dir, "audit"));
    expect(reports.map(({ report }) => report.property.id).sort()).toEqual([...readSummary(join(dir, "audit")).violations].sort());
    for (const { stem, report } of reports) {
      if (report.origin.kind !== "trace") throw new Error(`${stem}: origin ${report.origin.kind}`);
      expect(report.origin.file).toBe(trace);
      expect(stem.endsWith(`-naive-python-line${report.origin.line}`)).toBe(true);
      const line: unknown = JSON.parse(lines[report.origin.line - 1] as string);
      TraceExchange.parse(line);
      // As written, not as zod reads it: zod drops a store key "__proto__", which the report keeps.
      expect(report.requests).toEqual([(line as { request: unknown }).request]);
      expect(report.implementation.target).toEqual({ kind: "recorded" });
      expect(report.story[0]).toContain(`${trace} line ${report.origin.line} recorded this exchange`);
      expect(report.replay).toMatch(/(replay .* --cmd '<your fixed adapter>'|^prunecheck audit <a trace recorded from the fixed pruner> --property \S+)$/);
    }
  });

  it("replays a report whose exchange broke the property on its own: still failing on the naive pruner, passing on the reference", async () => {
    const standalone = readReports(join(dir, "audit")).filter(({ report }) => report.origin.kind === "trace" && report.origin.standalone === true);
    expect(standalone.length).toBeGreaterThan(0);
    const file = `${standalone[0]!.stem}.json`;
    const [still, fixed] = await Promise.all([spawnCli(["replay", file, "--cmd", NAIVE]), spawnCli(["replay", file, "--cmd", PYTHON_REFERENCE])]);
    expect([still.code, fixed.code]).toEqual([1, 0]);
    expect(still.stdout).toMatch(/still fails/);
    expect(fixed.stdout).toMatch(/passes now/);
  });
});

describe("prunecheck audit of model-driven compactors recorded over stdio (protocol 1.1)", () => {
  // The conforming model_compactor.py's trace audits clean in test/cli/audit-conforming.test.ts (the slow lane).
  it("careless_compactor.py: the trace keeps the model's calls and answers, and audits to the run's violations, model-failure-safe judged", () =>
    expectModelTraceAudits("careless_compactor.py", ["choice-gated"]));
});

describe("prunecheck audit of a trace the Python kit recorded in process", () => {
  // What a team with a Python pruner does: wrap it with record() where its runtime calls it.
  const script = `
import json, sys
sys.path.insert(0, sys.argv[1])
from naive import NaivePruner
from prunecheck_adapter import record
trace = open(sys.argv[2], "w")
pruner = record(NaivePruner(), lambda line: print(line, file=trace, flush=True), conversation="c1")
window = {"spans": [
  {"span_id": "schema", "text": "users.email: VARCHAR(255) NOT NULL UNIQUE", "tags": ["precondition"], "externalized_key": None},
  {"span_id": "read", "text": "ls migrations/", "tags": [], "externalized_key": None}], "derivation_depth": 0}
pruner.prune(window, ["schema"], {})
pruner.end_conversation()
`;

  it("audits to the naive pruner's violations, pointing at the lines it wrote", async () => {
    const dir = tempDir();
    const trace = join(dir, "python.jsonl");
    execFileSync("python3", ["-c", script, join(ROOT, "examples", "python"), trace]);
    const audit = await spawnCli(["audit", trace, "--out", join(dir, "audit")]);
    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain(`prunecheck: ${trace}: 1 exchange in 1 conversation (1 ended)\n`);
    expect(readSummary(join(dir, "audit")).violations).toEqual(["precondition-recoverable", "pointer-not-paraphrase"]);
    expect(readReports(join(dir, "audit")).every(({ report }) => report.origin.kind === "trace" && report.origin.line === 2)).toBe(true);
  });

  it("keeps a model-driven compactor's model calls, so its refusal of a failed model is judged as one", async () => {
    const dir = tempDir();
    const trace = join(dir, "model.jsonl");
    const compactor = `
import sys
sys.path.insert(0, sys.argv[1])
from prunecheck_adapter import record
from prunecheck_adapter.model import ModelFailure
from prunecheck_adapter.model_compact import ModelCompactor
class Failing:
    def choose(self, span_ids, budget=None, prompt=None): return list(span_ids)
    def summarize(self, span_ids, prompt=None): raise ModelFailure("error", "rate limited")
trace = open(sys.argv[2], "w")
pruner = record(ModelCompactor(), lambda line: print(line, file=trace, flush=True))
spans = [{"span_id": f"s{at}", "text": "x" * 40, "tags": [], "externalized_key": f"k{at}"} for at in range(3)]
try: pruner.compact({"spans": spans, "derivation_depth": 0}, {f"k{at}": "x" * 40 for at in range(3)}, {"unit": "chars", "limit": 50}, Failing())
except Exception: pass
`;
    execFileSync("python3", ["-c", compactor, join(ROOT, "examples", "python"), trace]);
    const audit = await spawnCli(["audit", trace, "--out", join(dir, "audit")]);
    expect(audit.code).toBe(0);
    expect(readSummary(join(dir, "audit")).results.find((result) => result.property === "model-failure-safe")?.status).toBe("passed");
  });
});

describe("prunecheck audit on bad input", () => {
  const dir = tempDir();
  const header = JSON.stringify({ format: "prunecheck-trace", version: 1 });

  it("names the file and line of a bad trace and exits 2; --lenient counts and prints the skip instead", async () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, `${header}\nnot json\n`);
    const strict = await cli(["audit", file, "--out", join(dir, "out")]);
    expect(strict.code).toBe(2);
    expect(strict.errors.join("\n")).toMatch(new RegExp(`^prunecheck: ${file.replace(/[.]/g, "\\.")}:2: the line is not JSON`));
    const lenient = await cli(["audit", file, "--lenient", "--out", join(dir, "out")]);
    expect(lenient.lines[0]).toContain(`prunecheck: ${file}: 0 exchanges, skipped 1 bad line (first: ${file}:2: the line is not JSON`);
    // Every line skipped leaves nothing to judge: no "conforms" for that (issue 45).
    expect(lenient.code).toBe(2);
    expect(lenient.lines.at(-1)).toMatch(/ was checked for NOTHING /);
    expect(readSummary(join(dir, "out")).results.every((result) => result.status === "skipped")).toBe(true);
  });

  it("asks for a trace when given none", async () => {
    const result = await cli(["audit"]);
    expect(result.code).toBe(2);
    expect(result.errors.join("\n")).toContain("audit takes at least one trace file");
  });
});

describe("prunecheck audit --cmd, the implementation asked again breaking the protocol (issue 45)", () => {
  it("is a finding against it, with summary.json and a report, not the audit's end: exit 1, and it is not asked again", async () => {
    const dir = tempDir();
    const trace = join(dir, "t.jsonl");
    const window = { spans: [{ span_id: "s1", text: "users.email: VARCHAR(255)", tags: ["constraint"], externalized_key: "k1" }], derivation_depth: 0 };
    const exchange = (id: number) =>
      JSON.stringify({
        request: { id, op: "prune", window, evict_ids: ["s1"], store: { k1: "users.email: VARCHAR(255)" } },
        response: { id, ok: true, window: { spans: [{ ...window.spans[0], kind: "pointer", text: "" }], derivation_depth: 1 } },
        sent_at: "2026-12-06T00:00:00.000Z",
        answered_at: "2026-12-06T00:00:00.001Z",
      });
    writeFileSync(
      trace,
      [JSON.stringify({ format: "prunecheck-trace", version: 1, created: "2026-12-06T00:00:00.000Z" }), exchange(1), exchange(2), ""].join("\n"),
    );
    const hang = `"${process.execPath}" "${join(ROOT, "test", "fixtures", "adapters", "hang.mjs")}"`;
    const out = join(dir, "out");
    const started = performance.now();
    const run = await cli(["audit", trace, "--cmd", hang, "--timeout-ms", "300", "--out", out]);

    // One timeout, not one per exchange: after the fault the hung adapter is not asked again.
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(run.code, run.errors.join("\n")).toBe(1);
    const summary = readSummary(out);
    expect(summary.error).toBeUndefined();
    expect(summary.violations).toEqual(["adapter-protocol"]);
    const line = summary.results.find((result) => result.violated === "adapter-protocol");
    expect(line?.message).toMatch(/^adapter fault \[timeout\]: .* \(asked again beside .*t\.jsonl:2; not asked again after it\)$/);
    const [{ report }] = readReports(out) as [ReturnType<typeof readReports>[number]];
    expect(report.property.id).toBe("adapter-protocol");
    expect(report.implementation.target).toEqual({ kind: "cmd", command: hang });
    expect(report.replay).toBe(`prunecheck audit ${shellQuote(trace)} --cmd ${shellQuote(hang)}`);
  });
});
