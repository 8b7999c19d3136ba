import { describe, expect, it } from "vitest";
import { interruptedCode } from "./exit-code.ts";

const aborted = (reason?: unknown) => {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
};

describe("interruptedCode: 128 + the number of the signal that stopped the command", () => {
  it.for([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("%s: %i", ([reason, code]) => {
    expect(interruptedCode(aborted(reason))).toBe(code);
  });

  it("takes SIGINT's 130 when the reason names no signal: an AbortController's own, another string, an inherited key", () => {
    expect(interruptedCode(aborted())).toBe(130);
    expect(interruptedCode(aborted("user pressed stop"))).toBe(130);
    expect(interruptedCode(aborted("toString"))).toBe(130);
    expect(interruptedCode(undefined)).toBe(130);
  });
});
