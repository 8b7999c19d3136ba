import { describe, expect, it } from "vitest";
import { LineReader } from "./line-reader.ts";

function read(chunks: readonly Buffer[], maxLineLength = 1000): { lines: string[]; overflows: number } {
  const result = { lines: [] as string[], overflows: 0 };
  const reader = new LineReader({ maxLineLength, onLine: (line) => result.lines.push(line), onOverflow: () => (result.overflows += 1) });
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
    expect(result).toEqual({ lines: ["ok"], overflows: 1 });
  });
});
