import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_MESSAGE_CHARS } from "../../src/errors/cap-text.ts";
import { cli, readReports, readSummary, tempDir } from "../cli/helpers.ts";

const HUGE = fileURLToPath(new URL("../fixtures/hostile/flags/huge.mjs", import.meta.url));
/** The adapter's field: a megabyte shows the bound as well as the 20 MB, in a few seconds. */
const MEGABYTES = 1;
const FIELD = MEGABYTES * 1024 * 1024;

/**
 * Each mode puts a megabyte where a finding quotes the adapter: an extra span field (kept-untouched
 * prints the span), a refusal message (loud-refusal prints it), an answer id (the wrong_id fault prints
 * it). The verdict line, summary.json, the report's message, story and stderr tail stay small; the
 * report's windows are evidence, whole in the JSON report and cut in the Markdown one.
 */
describe("finding messages and quoted stderr are capped, whatever size the adapter's answer", () => {
  it.each([
    ["an extra span field", "--field", "kept-untouched", "kept-untouched"],
    ["a refusal message", "--refusal", "loud-refusal", "loud-refusal"],
    ["an answer id", "--id", "kept-untouched", "adapter-protocol"],
  ])("%s of 1 MB", async (_, mode, property, violated) => {
    const out = join(tempDir(), "out");
    const { code, lines } = await cli([
      "run",
      "--cmd",
      `"${process.execPath}" "${HUGE}" ${mode} ${MEGABYTES}`,
      "--property",
      property,
      "--runs",
      "5",
      "--seed",
      "1",
      "--out",
      out,
    ]);
    expect(code).toBe(1);
    for (const line of lines) expect(line.length).toBeLessThan(MAX_MESSAGE_CHARS + 500);
    expect(lines.join("\n")).toContain("more characters) …");
    expect(statSync(join(out, "summary.json")).size).toBeLessThan(2 * MAX_MESSAGE_CHARS + 10_000);
    const summary = readSummary(out);
    expect(summary.results.find((result) => result.property === property)?.message?.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    const [found, ...others] = readReports(out);
    expect(others).toEqual([]);
    const { stem, report } = found as NonNullable<typeof found>;
    expect(report.property.id).toBe(violated);
    expect(report.finding.message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    for (const line of report.story) expect(line.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS + 100);
    // A fault's report quotes the stderr tail: its 8 KB and a "… (N earlier characters)" line, though the
    // adapter wrote a megabyte a request. Its lines are whole: the faulting process's "e"s, and the pid
    // line of the spare process the driver started meanwhile. A property's finding quotes none.
    if (violated === "adapter-protocol") {
      const [marker, ...shown] = report.stderr.split("\n");
      expect(marker).toMatch(/^… \(\d+ earlier characters\)$/);
      for (const line of shown) expect(line).toMatch(/^(e+|huge pid=\d+)$/);
      expect(shown.join("\n").length).toBeGreaterThanOrEqual(8000);
      expect(shown.join("\n").length).toBeLessThanOrEqual(8192);
    } else expect(report.stderr).toBe("");
    // Evidence stays whole in the JSON report: the answer is there as the response and as the window after.
    expect(statSync(`${stem}.json`).size).toBeLessThan(2 * FIELD + 100_000);
    expect(statSync(`${stem}.md`).size).toBeLessThan(200_000);
    expect(readFileSync(`${stem}.md`, "utf8")).toContain("more characters) …");
  });
});
