import { describe, expect, it } from "vitest";
import { StderrTail } from "./stderr-tail.ts";

describe("StderrTail", () => {
  it("keeps the last lines, without the final newline, and counts what it left out", () => {
    const tail = new StderrTail(3, 1000);
    for (let line = 1; line <= 10; line += 1) tail.append(`line ${line}\n`);
    expect(tail.toString()).toBe(`… (${"line 1\n".repeat(7).length} earlier characters)\nline 8\nline 9\nline 10`);
  });

  it("is the whole text, with no marker, when everything fits", () => {
    const tail = new StderrTail(3, 1000);
    tail.append("one\ntwo\n");
    expect(tail.toString()).toBe("one\ntwo");
  });

  it("keeps the last characters of one endless line, counting those trimmed from the buffer too", () => {
    const tail = new StderrTail(50, 8);
    for (let chunk = 0; chunk < 100; chunk += 1) tail.append("abcdefghij");
    expect(tail.toString()).toBe("… (992 earlier characters)\ncdefghij");
  });

  it("never starts on half of a surrogate pair", () => {
    const tail = new StderrTail(50, 3);
    tail.append("🚀🚀");
    expect(tail.toString()).toBe("… (2 earlier characters)\n🚀");
  });

  it("takes whole lines from each source, so a process starting while another writes never splices into its line", () => {
    const tail = new StderrTail();
    const busy = tail.source();
    const spare = tail.source();
    busy.write("eeee");
    spare.write("spare pid=2\n");
    busy.write("eeee\nhalf");
    expect(tail.toString()).toBe("spare pid=2\neeeeeeee");
    busy.end();
    busy.end();
    expect(tail.toString()).toBe("spare pid=2\neeeeeeee\nhalf");
  });

  it("bounds one source's endless line, and counts what it cut once the line goes in", () => {
    const tail = new StderrTail(50, 8);
    const source = tail.source();
    for (let chunk = 0; chunk < 100; chunk += 1) source.write("abcdefghij");
    expect(tail.toString()).toBe("");
    source.write("\n");
    expect(tail.toString()).toBe("… (992 earlier characters)\ncdefghij");
  });
});
