import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileText } from "../../test/helpers/hostile-text.ts";
import { renderJUnit } from "./junit.ts";
import type { ResultLine, RunSummary } from "./summary.ts";

function summaryOf(results: ResultLine[], implementation = "my-pruner"): RunSummary {
  return { implementation, level: "strict", capabilities: ["prune"], runs: 0, requests: 0, violations: [], seconds: 1.25, seed: 7, interrupted: false, results };
}

const line = (property: string, status: ResultLine["status"], fields: Partial<ResultLine> = {}): ResultLine => ({ property, status, runs: 3, requests: 9, ms: 1500, ...fields });

/** The body of the one test case of a rendering, from its opening tag to its end. */
function testcase(xml: string): string {
  return xml.slice(xml.indexOf("    <testcase "), xml.indexOf("\n  </testsuite>"));
}

describe("renderJUnit: one test case per property", () => {
  it("counts tests, failures, errors (interrupted ones included) and skips on the suite", () => {
    const xml = renderJUnit(
      summaryOf([line("a", "passed"), line("b", "failed", { violated: "b" }), line("c", "error"), line("d", "interrupted"), line("e", "skipped")]),
    );
    expect(xml).toContain('<testsuites name="prunecheck" tests="5" failures="1" errors="2" time="1.250">');
    expect(xml).toContain('<testsuite name="my-pruner (strict)" tests="5" failures="1" errors="2" skipped="1" time="1.250">');
  });

  it("writes a passed property as a bare test case timed in seconds", () => {
    expect(testcase(renderJUnit(summaryOf([line("depth-bound", "passed")])))).toBe(
      '    <testcase classname="prunecheck.my-pruner.strict" name="depth-bound" time="1.500"/>',
    );
  });

  it("gives a skipped property its reason, or says it does not apply", () => {
    expect(renderJUnit(summaryOf([line("reground-restores", "skipped", { reason: "needs reground" })]))).toContain('<skipped message="needs reground"/>');
    expect(renderJUnit(summaryOf([line("reground-restores", "skipped")]))).toContain('<skipped message="not applicable"/>');
  });

  it("names the violated property and the report of a failure", () => {
    const xml = renderJUnit(
      summaryOf([line("kept-untouched", "failed", { violated: "adapter-protocol", message: "no answer within 300 ms", report: "reports/adapter-protocol-x-7" })]),
    );
    expect(xml).toContain(
      '<failure message="adapter-protocol: no answer within 300 ms" type="adapter-protocol">report: reports/adapter-protocol-x-7.md</failure>',
    );
  });

  it("writes errors and interruptions as <error>, with the message or else the status", () => {
    expect(renderJUnit(summaryOf([line("deterministic", "error", { message: "harness crashed" })]))).toContain('<error message="harness crashed" type="error"/>');
    expect(renderJUnit(summaryOf([line("deterministic", "interrupted")]))).toContain('<error message="interrupted" type="interrupted"/>');
  });

  it("escapes markup and shows control characters as escapes, as XML 1.0 cannot carry most of them", () => {
    const xml = renderJUnit(summaryOf([line("a", "failed", { violated: "a", message: 'span "<s1>" & \u0007bell' })], "o'brien & <co>"));
    expect(xml).toContain('message="a: span &quot;&lt;s1&gt;&quot; &amp; \\x07bell"');
    expect(xml).toContain('classname="prunecheck.o\'brien &amp; &lt;co&gt;.strict"');
    expect(xml).not.toContain("\u0007");
  });

  it("stays well-formed XML 1.0 whatever the name and the messages hold", () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), hostileText(), (name, message, reason) => {
        const xml = renderJUnit(summaryOf([line("a", "failed", { violated: "a", message, report: "out/a" }), line("b", "skipped", { reason }), line("c", "error", { message })], name));
        // Only the characters XML 1.0 allows: no C0 control but tab and newline, no lone surrogate, no U+FFFE/U+FFFF.
        expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/u);
        // Every tag is one of the renderer's, every & an entity: the data opened nothing.
        expect([...xml.matchAll(/<\/?([^\s>/]+)/g)].map((match) => match[1])).toEqual(["?xml", "testsuites", "testsuite", "testcase", "failure", "failure", "testcase", "testcase", "skipped", "testcase", "testcase", "error", "testcase", "testsuite", "testsuites"]);
        expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot);)/);
        for (const [, value] of xml.matchAll(/="([^"]*)"/g)) expect(value).not.toMatch(/[<>]/);
      }),
    );
  });
});
