import { describe, expect, it } from "vitest";
import { exitFailure, invalidUtf8Failure, spawnFailure } from "./transport-failure.ts";

describe("spawnFailure", () => {
  it("names the working directory when there is one, since Node blames the shell for a missing one", () => {
    const error = new Error("spawn /bin/sh ENOENT");
    expect(spawnFailure("python3 a.py", "/no/such/dir", error).detail).toBe('could not start "python3 a.py" in "/no/such/dir": spawn /bin/sh ENOENT');
    expect(spawnFailure("python3 a.py", undefined, error).detail).toBe('could not start "python3 a.py": spawn /bin/sh ENOENT');
    expect(spawnFailure("python3 a.py", undefined, error).cause).toBe(error);
  });
});

describe("exitFailure: what became of a process that stopped answering", () => {
  it.each([
    [127, "command not found"],
    [126, "command found but not executable"],
  ])("reads the shell's exit status %i, before the adapter spoke, as a spawn failure: %s", (code, reason) => {
    const failure = exitFailure({ exit: { code, signal: null }, killed: false, spoke: false }, "");
    expect([failure.code, failure.detail]).toEqual(["spawn", `the shell could not run the command (exit status ${code}: ${reason})`]);
  });

  it("reads the same status after the adapter spoke as the adapter's own exit", () => {
    expect(exitFailure({ exit: { code: 127, signal: null }, killed: false, spoke: true }, " while request 3 was pending").detail).toBe(
      "exited with code 127 while request 3 was pending",
    );
  });

  it.each([
    ["stopped by the harness", { exit: { code: null, signal: "SIGKILL" as const }, killed: true, spoke: true }, "was stopped by the harness"],
    ["alive with stdout closed", { exit: null, killed: false, spoke: true }, "closed its stdout but kept running"],
    ["killed by a signal", { exit: { code: null, signal: "SIGSEGV" as const }, killed: false, spoke: true }, "was killed by SIGSEGV"],
  ])("tells a crash apart: %s", (_what, state, detail) => {
    const failure = exitFailure(state, "");
    expect([failure.code, failure.detail]).toEqual(["crash", detail]);
  });
});

describe("invalidUtf8Failure: a line that is not UTF-8, located", () => {
  it("names the byte's offset, the bytes there in hex and the text before them, starting on a character", () => {
    const line = Buffer.concat([Buffer.from(`${"x".repeat(9)}é${"y".repeat(30)}{"text":"`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const failure = invalidUtf8Failure(line, 50);
    expect(failure.code).toBe("not_utf8");
    // 40 bytes back is the second byte of é, so the preview starts after it.
    expect(failure.detail).toBe(
      `byte 50 of a 54-byte stdout line is not UTF-8 (bytes c3 28 22 7d, after "${"y".repeat(30)}{\\"text\\":\\""); write UTF-8, or ASCII with \\u escapes`,
    );
  });
});
