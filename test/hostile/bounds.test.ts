import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "vitest";
import { lastLine, processMarker, readReports, readSummary, ROOT, spawnCli, STACK_FRAME, tempDir } from "../cli/helpers.ts";
import { leftoverProcesses } from "../helpers/processes.ts";

const FIXTURES = join(ROOT, "test", "fixtures", "hostile", "bounds");

interface Hostile {
  readonly fixture: string;
  /** `--cmd` fixtures are adapters, `--impl` ones in-process pruners. */
  readonly kind: "cmd" | "impl";
  readonly code: string;
  /**
   * What the finding must say; its first group, where it has one, is the id of the request that got the
   * answer (a line that cannot be decoded is named by the story, as every transport fault is).
   */
  readonly finding: RegExp;
}

const HOSTILE: readonly Hostile[] = [
  {
    fixture: "deep-extra-field.mjs",
    kind: "cmd",
    code: "limits",
    finding:
      /the answer to prune request (\d+): ✖ arrays and objects are nested 65 deep here, past the protocol's limit of 64 .* → at window\.spans\[0\]\.deep(?:\[0\]){60}$/,
  },
  {
    fixture: "invalid-utf8.mjs",
    kind: "cmd",
    code: "not_utf8",
    finding: /: byte \d+ of a \d+-byte stdout line is not UTF-8 \(bytes ff [0-9a-f ]*, after ".*\\"text\\":\\""\)/,
  },
  {
    fixture: "huge-id.mjs",
    kind: "cmd",
    code: "limits",
    finding: /the answer to prune request (\d+): ✖ Infinity is a number outside the wire range: .*1e400.* → at id$/,
  },
  {
    fixture: "million-spans.mjs",
    kind: "cmd",
    code: "limits",
    finding:
      /the answer to prune request (\d+): ✖ an array of more than 20000 elements is past the protocol's limit of 20000 elements to one array or object → at window\.spans \(found before parsing the line\)$/,
  },
  {
    fixture: "cyclic-field.ts",
    kind: "impl",
    code: "limits",
    finding: /what prune request (\d+) returned: ✖ the value is cyclic, .* at spans\[0\]\.field → at spans\[0\]\.field\.self$/,
  },
  {
    fixture: "deep-field.ts",
    kind: "impl",
    code: "limits",
    finding: /what prune request (\d+) returned: ✖ arrays and objects are nested 65 deep here, .* → at spans\[0\]\.field(?:\[0\]){60}$/,
  },
  {
    fixture: "throws-unreadable.ts",
    kind: "impl",
    code: "schema",
    finding: /prune request (\d+) threw a value \(object\) that cannot be read as an error \(reading it threw TypeError: no name for you\)$/,
  },
];

/** Short scenarios: every shrink step that meets the fault restarts a stdio adapter. */
const SMALL = ["--runs", "20", "--seed", "5", "--max-commands", "4", "--property", "precondition-recoverable"];

function targetArgs({ fixture, kind }: Hostile, marker: string): string[] {
  const path = join(FIXTURES, fixture);
  return kind === "cmd" ? ["--cmd", `${marker} "${process.execPath}" "${path}"`] : ["--impl", path];
}

describe.concurrent("an answer no harness code can walk is an adapter-protocol finding, never a crash", () => {
  for (const hostile of HOSTILE) {
    it(`${hostile.fixture}: exits 1 with a bounded, readable [${hostile.code}] report naming the request, and the summary`, async ({ expect }) => {
      const out = tempDir();
      const marker = processMarker("bounds");
      const result = await spawnCli(["run", ...targetArgs(hostile, marker), ...SMALL, "--out", out]);
      const name = hostile.fixture.replace(/\.(mjs|ts)$/, "");

      expect(result.stderr).toBe("");
      expect(result.stdout).not.toMatch(STACK_FRAME);
      expect(result.code).toBe(1);
      expect(lastLine(result.stdout)).toMatch(new RegExp(`^prunecheck: ${name} VIOLATES adapter-protocol at core \\(`));
      expect(readSummary(out).violations).toEqual(["adapter-protocol"]);

      const reports = readReports(out);
      expect(reports.map(({ report }) => report.property.id)).toEqual(["adapter-protocol"]);
      const [{ stem, report }] = reports as [(typeof reports)[number]];
      expect(report.finding.message).toContain(`adapter fault [${hostile.code}]`);
      expect(report.finding.message).toMatch(hostile.finding);
      expect(report.finding.message).not.toContain("got null");
      expect(report.response).toBeNull();
      // The request that got the answer: the last one of the shrunk run, the one the finding names.
      const failed = report.requests.at(-1);
      expect(failed?.op).toBe("prune");
      const named = hostile.finding.exec(report.finding.message)?.[1];
      if (named !== undefined) expect(Number(named)).toBe(failed?.id);
      const asked = `Then ${name} was sent request ${failed?.id} (prune), and`;
      const markdown = readFileSync(`${stem}.md`, "utf8");
      // A line an adapter wrote is quoted, the start of it in the story, at most its start and end in the
      // report; a module writes no line, and a line that is not UTF-8 is no text (the finding shows its bytes).
      if (hostile.kind === "cmd" && hostile.code !== "not_utf8") {
        expect(report.story.at(-2)?.startsWith(`${asked} answered with a line that is no valid answer: {`)).toBe(true);
        expect(report.story.at(-2)?.length).toBeLessThan(500);
        expect(report.answer_line?.length).toBeLessThanOrEqual(4000);
        expect(markdown).toContain("_no valid response: the adapter broke the protocol on this request, writing this line:_");
      } else {
        expect(report.story.at(-2)).toBe(`${asked} gave no valid answer.`);
        expect(report.answer_line).toBeUndefined();
        expect(markdown).toContain("_no valid response: the adapter broke the protocol on this request_");
      }
      // Nothing more of the hostile value reaches the files: small, and the Markdown as readable as ever.
      expect(statSync(`${stem}.json`).size).toBeLessThan(64 * 1024);
      expect(await leftoverProcesses(marker)).toEqual([]);
    });
  }

  it("fuzz: the same deep answer is a finding with its report and corpus entry, exit 1, not an internal error", async ({ expect }) => {
    const dir = tempDir();
    const marker = processMarker("bounds-fuzz");
    const args = ["fuzz", ...targetArgs(HOSTILE[0] as Hostile, marker), "--rounds", "4", "--time", "10m", "--workers", "1", "--exhaustive", "0", "--seed", "5"];
    const result = await spawnCli([...args, "--property", "precondition-recoverable", "--out", join(dir, "out"), "--corpus", join(dir, "corpus")]);

    expect(result.stderr).toBe("");
    expect(result.stdout).not.toMatch(STACK_FRAME);
    expect(result.code).toBe(1);
    expect(lastLine(result.stdout)).toMatch(/^prunecheck: deep-extra-field VIOLATES adapter-protocol at core \(/);
    expect(readSummary(join(dir, "out")).violations).toEqual(["adapter-protocol"]);
    const [{ report }] = readReports(join(dir, "out")) as [ReturnType<typeof readReports>[number]];
    expect(report.finding.message).toMatch(HOSTILE[0]?.finding as RegExp);
    expect(readdirSync(join(dir, "corpus"))).toEqual([expect.stringMatching(/^adapter-protocol-[0-9a-f]+\.json$/)]);
    expect(await leftoverProcesses(marker)).toEqual([]);
  });
});
