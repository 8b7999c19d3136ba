import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { reportFileStem, shellQuote } from "./build.ts";

const stem = (name: string) => reportFileStem({ property: { id: "depth-bound" }, implementation: { name }, origin: { kind: "random", seed: 42, path: "0", replayPath: "" } });

describe("reportFileStem: <property>-<impl>-<seed>, safe as a file name", () => {
  it("keeps a plain implementation name and replaces each run of other characters with one underscore", () => {
    expect(stem("naive-python")).toBe("depth-bound-naive-python-42");
    expect(stem("my pruner / v2 (beta)")).toBe("depth-bound-my_pruner_v2_beta_-42");
  });

  it("cuts a long name to 60 characters and names a name with nothing usable in it impl", () => {
    expect(stem("x".repeat(100))).toBe(`depth-bound-${"x".repeat(60)}-42`);
    expect(stem("")).toBe("depth-bound-impl-42");
  });

  it("spells a negative seed (only the API takes one) without a double dash", () => {
    expect(reportFileStem({ property: { id: "depth-bound" }, implementation: { name: "mine" }, origin: { kind: "random", seed: -539222987, path: "0", replayPath: "" } })).toBe("depth-bound-mine-minus539222987");
  });
});

describe("reportFileStem of a fault found while checking another property", () => {
  it("names the checked property too, so each property's shrunk case gets its own file", () => {
    const report = (checked: string) => reportFileStem({ property: { id: "adapter-protocol" }, checked_property: checked, implementation: { name: "mine" }, origin: { kind: "random", seed: 7, path: "0", replayPath: "" } });
    expect([report("kept-untouched"), report("deterministic")]).toEqual(["adapter-protocol-kept-untouched-mine-7", "adapter-protocol-deterministic-mine-7"]);
    expect(reportFileStem({ property: { id: "depth-bound" }, checked_property: "depth-bound", implementation: { name: "mine" }, origin: { kind: "random", seed: 7, path: "0", replayPath: "" } })).toBe("depth-bound-mine-7");
  });
});

describe("shellQuote: the replay line pastes into a shell as it is", () => {
  it("leaves a path of ordinary characters bare", () => {
    expect(shellQuote("reports/depth-bound-naive-python-42.json")).toBe("reports/depth-bound-naive-python-42.json");
  });

  it.each([["a path with spaces"], ["it's quoted"], ["$HOME `date` *"]])("quotes %j so sh reads back exactly that", (value) => {
    expect(shellQuote(value)).not.toBe(value);
    expect(execFileSync("sh", ["-c", `printf %s ${shellQuote(value)}`], { encoding: "utf8" })).toBe(value);
  });
});
