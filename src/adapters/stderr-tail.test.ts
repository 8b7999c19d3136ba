import { describe, expect, it } from "vitest";
import { StderrTail } from "./stderr-tail.ts";

describe("StderrTail", () => {
  it("keeps the last lines, without the final newline", () => {
    const tail = new StderrTail(3, 1000);
    for (let line = 1; line <= 10; line += 1) tail.append(`line ${line}\n`);
    expect(tail.toString()).toBe("line 8\nline 9\nline 10");
  });

  it("keeps the last characters of one endless line", () => {
    const tail = new StderrTail(50, 8);
    for (let chunk = 0; chunk < 100; chunk += 1) tail.append("abcdefghij");
    expect(tail.toString()).toBe("cdefghij");
  });

  it("never starts on half of a surrogate pair", () => {
    const tail = new StderrTail(50, 3);
    tail.append("🚀🚀");
    expect(tail.toString()).toBe("🚀");
  });
});
