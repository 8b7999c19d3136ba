import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordRuns, replayPathOf } from "./replay-path.ts";

interface Model {
  total: number;
}

/** Adds its number unless the model is odd: so some commands are skipped, and the notes hold both kinds. */
class Add implements fc.AsyncCommand<Model, Model> {
  constructor(readonly n: number) {}
  check(model: Readonly<Model>) {
    return model.total % 2 === 0 || this.n % 2 === 1;
  }
  async run(model: Model) {
    model.total += this.n;
  }
  toString() {
    return `add(${this.n})`;
  }
}

/** What fast-check prints as the value's replay path: the oracle our own notes must agree with. */
const printed = (commands: unknown) => /replayPath="([^"]*)"/.exec(String(commands))?.[1];

const commandsArb = (replayPath?: string) =>
  fc.commands([fc.nat({ max: 9 }).map((n) => new Add(n))], { maxCommands: 80, ...(replayPath === undefined ? {} : { replayPath }) });

/** A run fails once its total passes 12; each failing run's notes go to `notes`, in order. */
const failsPastTwelve = (notes: (readonly boolean[])[]) => async (commands: Iterable<fc.AsyncCommand<Model, Model>>) => {
  const model = { total: 0 };
  const recorded = recordRuns(commands);
  await fc.asyncModelRun(() => ({ model, real: model }), recorded.commands);
  if (model.total > 12) {
    notes.push(recorded.ran);
    throw new Error("too much");
  }
};

describe("replayPathOf: the replay path from the harness's own notes of which commands ran", () => {
  it("is the one fast-check keeps, over whole shrinks of failing command sequences", async () => {
    let failed = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const notes: (readonly boolean[])[] = [];
      const details = await fc.check(fc.asyncProperty(commandsArb(), failsPastTwelve(notes)), { seed, numRuns: 200 });
      if (!details.failed) continue;
      failed++;
      expect(replayPathOf(notes), `seed ${seed}`).toBe(printed(details.counterexample?.[0]));
    }
    expect(failed).toBeGreaterThan(20);
  });

  it("replays to the same shrunk sequence", async () => {
    const notes: (readonly boolean[])[] = [];
    const found = await fc.check(fc.asyncProperty(commandsArb(), failsPastTwelve(notes)), { seed: 7, numRuns: 200 });
    expect(found.failed).toBe(true);
    const again = await fc.check(fc.asyncProperty(commandsArb(replayPathOf(notes)), failsPastTwelve([])), {
      seed: 7,
      path: found.counterexamplePath ?? "",
      endOnFailure: true,
    });
    expect(String(again.counterexample?.[0]).split(" /*")[0]).toBe(String(found.counterexample?.[0]).split(" /*")[0]);
  });

  it("is empty when no run failed", () => {
    expect(replayPathOf([])).toBe("");
  });
});
