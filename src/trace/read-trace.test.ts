import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { InputError } from "../errors/input.ts";
import { readTrace } from "./read-trace.ts";

const dir = mkdtempSync(join(tmpdir(), "prunecheck-trace-"));
const HEADER = JSON.stringify({ format: "prunecheck-trace", version: 1 });
const window = { spans: [{ span_id: "a", text: "x", tags: [], externalized_key: "k" }], derivation_depth: 0 };
const exchange = (id: number, op = "prune") =>
  JSON.stringify({
    request: { id, op, window, evict_ids: ["a"], store: { k: "x" } },
    response: { id, ok: true, window },
    sent_at: "2026-12-03T16:00:00.000Z",
    answered_at: "2026-12-03T16:00:00.010Z",
  });

function traceFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function collect(file: string, lenient = false) {
  const skipped: InputError[] = [];
  const lines: number[] = [];
  for await (const entry of readTrace(file, { lenient, skipped: (error) => skipped.push(error) })) lines.push(entry.line);
  return { lines, skipped };
}

describe("readTrace", () => {
  it("streams every exchange with its line number", async () => {
    const file = traceFile("good.jsonl", `${HEADER}\n${exchange(1)}\n${exchange(2)}\n`);
    expect(await collect(file)).toEqual({ lines: [2, 3], skipped: [] });
  });

  it("yields a conversation's end line as an end, in file order with the exchanges", async () => {
    const end = JSON.stringify({ conversation_end: "c1", at: "2026-12-03T16:00:01.000Z" });
    const file = traceFile("ended.jsonl", `${HEADER}\n${exchange(1)}\n${end}\n${exchange(2)}\n`);
    const read = [];
    for await (const entry of readTrace(file))
      read.push(entry.kind === "end" ? `${entry.line}: end of ${entry.end.conversation_end}` : `${entry.line}: exchange`);
    expect(read).toEqual(["2: exchange", "3: end of c1", "4: exchange"]);
  });

  it.each([
    ["bad-end.jsonl", `${HEADER}\n${JSON.stringify({ conversation_end: "c1" })}\n`, "bad-end.jsonl:2: not a conversation end: ✖"],
    ["truncated.jsonl", `${HEADER}\n${exchange(1)}\n${exchange(2).slice(0, 40)}`, "truncated.jsonl:3: the last line is cut short"],
    ["not-json.jsonl", `${HEADER}\nnot json\n${exchange(2)}\n`, "not-json.jsonl:2: the line is not JSON"],
    ["unknown-op.jsonl", `${HEADER}\n${exchange(1, "transmogrify")}\n`, 'unknown-op.jsonl:2: unknown op "transmogrify"'],
    ["version.jsonl", `${JSON.stringify({ format: "prunecheck-trace", version: 7 })}\n${exchange(1)}\n`, "version.jsonl:1: unknown trace version 7"],
    ["no-header.jsonl", `${exchange(1)}\n`, "no-header.jsonl:1: not a prunecheck trace"],
    ["empty.jsonl", "", "empty.jsonl:0: the trace is empty"],
  ])("%s is one invalid_trace error naming file and line", async (name, text, message) => {
    const file = traceFile(name, text);
    await expect(collect(file)).rejects.toMatchObject({ name: "InputError", code: "invalid_trace", message: expect.stringContaining(message) });
  });

  it("with lenient, counts each bad exchange line as a skip and reads on", async () => {
    const file = traceFile("lenient.jsonl", `${HEADER}\nnot json\n${exchange(1, "transmogrify")}\n${exchange(3)}\n${exchange(4).slice(0, 30)}`);
    const { lines, skipped } = await collect(file, true);
    expect(lines).toEqual([4]);
    expect(skipped.map((error) => error.message.split(": ")[0])).toEqual([`${file}:2`, `${file}:3`, `${file}:5`]);
  });

  it("with lenient, an unknown version still stops: nothing after it could be judged", async () => {
    const file = traceFile("lenient-version.jsonl", `${JSON.stringify({ format: "prunecheck-trace", version: 2 })}\n${exchange(1)}\n`);
    await expect(collect(file, true)).rejects.toMatchObject({ code: "invalid_trace" });
  });
});
