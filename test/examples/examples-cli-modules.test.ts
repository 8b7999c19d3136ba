import { describe, it } from "vitest";
import { EXAMPLES, expectConformsUnderRun } from "./examples.ts";

// The README's TypeScript examples through the real binary: the slow lane (see examples-cli.test.ts for what
// npm test checks of them instead).
describe("the README's TypeScript examples, through the real binary", () => {
  for (const example of EXAMPLES.filter((each) => each.target[0] === "--impl")) {
    it(`${example.name} conforms at strict under prunecheck run`, () => expectConformsUnderRun(example));
  }
});
