import { describe, expect, it } from "vitest";
import { firstInvalidByte, LineReader } from "./line-reader.ts";

function read(chunks: readonly Buffer[], maxLineBytes = 1000): { lines: string[]; overflows: number; invalid: [string, number][] } {
  const result = { lines: [] as string[], overflows: 0, invalid: [] as [string, number][] };
  const reader = new LineReader({
    maxLineBytes,
    onLine: (line) => result.lines.push(line),
    onOverflow: () => (result.overflows += 1),
    onInvalidUtf8: (line, offset) => result.invalid.push([line.toString("hex"), offset]),
  });
  for (const chunk of chunks) reader.write(chunk);
  reader.end();
  return result;
}

function bytewise(text: string): Buffer[] {
  return [...Buffer.from(text)].map((byte) => Buffer.from([byte]));
}

describe("LineReader", () => {
  it("decodes UTF-8 sequences cut between chunks", () => {
    const text = "👩🏽‍🚀 e\u0301 日本語\n𝄞 שלום\n";
    expect(read(bytewise(text)).lines).toEqual(["👩🏽‍🚀 e\u0301 日本語", "𝄞 שלום"]);
  });

  it("joins a line spread over many chunks and splits lines sharing one", () => {
    expect(read([Buffer.from("ab"), Buffer.from("c\nd\ne"), Buffer.from("f\n")]).lines).toEqual(["abc", "d", "ef"]);
  });

  it("drops the \\r of CRLF, keeps empty lines, and flushes a last line without newline", () => {
    expect(read([Buffer.from("a\r\n\nlast")]).lines).toEqual(["a", "", "last"]);
  });

  it("discards an overlong line up to its newline and goes on", () => {
    const result = read([Buffer.from("x".repeat(6)), Buffer.from("x".repeat(6)), Buffer.from("xx\nok\n")], 10);
    expect(result).toEqual({ lines: ["ok"], overflows: 1, invalid: [] });
  });

  it("counts the limit in bytes, not characters", () => {
    expect(read([Buffer.from("日本\n")], 6).lines).toEqual(["日本"]);
    expect(read([Buffer.from("日本語\n")], 6).overflows).toBe(1);
  });

  it("hands over a line that is not UTF-8 as bytes with its first bad byte, never as U+FFFD text, and goes on", () => {
    const line = Buffer.concat([Buffer.from('{"t":"é'), Buffer.from([0xff]), Buffer.from('"}')]);
    const stream = Buffer.concat([Buffer.from("ok\n"), line, Buffer.from("\r\nnext\n")]);
    // Cut inside the é, so the line is joined from two chunks.
    const result = read([stream.subarray(0, 10), stream.subarray(10)]);
    expect(result.lines).toEqual(["ok", "next"]);
    expect(result.invalid).toEqual([[line.toString("hex"), 8]]);
  });
});

describe("firstInvalidByte", () => {
  it.each([
    ["a stray continuation byte", [0x61, 0x80, 0x62], 1],
    ["a sequence cut short by ASCII", [0x61, 0xe6, 0x97, 0x62], 1],
    ["an overlong encoding", [0xc0, 0xaf], 0],
    ["an encoded surrogate (CESU-8)", [0x61, 0x62, 0xed, 0xa0, 0x80], 2],
    ["bytes no UTF-8 has", [0x7b, 0xfe], 1],
    ["a sequence cut short by the end", [0x61, 0xf0, 0x9f, 0x98], 1],
  ])("finds %s", (_what, bytes, offset) => {
    expect(firstInvalidByte(Buffer.from(bytes))).toBe(offset);
  });

  it("looks past a genuine U+FFFD (EF BF BD) to the bad byte after it", () => {
    expect(firstInvalidByte(Buffer.concat([Buffer.from("\ufffd日\ufffd"), Buffer.from([0xc3])]))).toBe(9);
  });
});
