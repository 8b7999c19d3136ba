import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AdapterFault } from "./adapter-fault.ts";
import { HarnessError } from "./harness.ts";
import { ModelFailure } from "./model-failure.ts";
import { InputError } from "./input.ts";
import { PropertyViolation } from "./property-violation.ts";
import { PrunecheckError } from "./prunecheck-error.ts";
import { StoreConflictError } from "./store.ts";
import { UnrecoverablePruneError } from "./unrecoverable.ts";
import { TransportFailure } from "../transport/transport-failure.ts";

const SRC = join(import.meta.dirname, "..");
const ROOT = join(SRC, "..");

const PROPERTY = { id: "kept-untouched", seed: "", level: "core", capability: "prune", quote: "" } as never;

/** One of each, as prunecheck throws them. */
const samples = (): readonly PrunecheckError[] => [
  new AdapterFault("timeout", null, "no answer in 5000 ms"),
  new InputError("usage", "unknown flag --x", "run prunecheck help"),
  new UnrecoverablePruneError("key_missing", "s1"),
  new StoreConflictError("k"),
  new PropertyViolation(PROPERTY, { message: "span s1 changed", span_id: "s1" }, []),
  new TransportFailure("crash", "exited with code 1"),
  new HarnessError("driver_closed", "the stdio driver was closed"),
  new ModelFailure("timeout", "the model did not answer within its timeout"),
];

describe("prunecheck's errors: one pattern", () => {
  it("each has its class's name, a code, a message, and is an Error and a PrunecheckError", () => {
    for (const error of samples()) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(PrunecheckError);
      expect(error.name).toBe((error.constructor as typeof PrunecheckError).kind);
      expect(error.code).toMatch(/^[a-z][a-z0-9_-]*$/);
      expect(error.message).not.toBe("");
    }
  });

  it("is an instance of its own class only", () => {
    const classes = samples().map((error) => error.constructor as typeof PrunecheckError);
    for (const error of samples())
      for (const type of classes) expect(error instanceof type, `${error.name} instanceof ${type.kind}`).toBe(error.constructor === type);
    expect({ code: "key_missing", span_id: "s1" } instanceof UnrecoverablePruneError).toBe(false);
    expect(new Error("plain") instanceof PrunecheckError).toBe(false);
  });

  it("names a refusal's fields as the wire does", () => {
    const refusal = new UnrecoverablePruneError("stale_key", "s2");
    expect({ code: refusal.code, span_id: refusal.span_id }).toEqual({ code: "stale_key", span_id: "s2" });
    expect(refusal.message).toMatch(/^span "s2": .* \[stale_key\]$/);
  });

  describe("across two copies of the package", () => {
    // A second copy of the sources, as an adapter module that bundles its own prunecheck has: other class objects.
    const copy = mkdtempSync(join(tmpdir(), "prunecheck-copy-"));
    cpSync(SRC, join(copy, "src"), { recursive: true });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));
    const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(copy, "src", relative(SRC, file))).href)) as T;

    it("instanceof holds for an error thrown by the other copy, in both directions", async () => {
      const other = await load<typeof import("./unrecoverable.ts")>(join(SRC, "errors/unrecoverable.ts"));
      const otherBase = await load<typeof import("./prunecheck-error.ts")>(join(SRC, "errors/prunecheck-error.ts"));
      expect(other.UnrecoverablePruneError).not.toBe(UnrecoverablePruneError);
      expect(otherBase.PrunecheckError).not.toBe(PrunecheckError);
      const foreign = new other.UnrecoverablePruneError("not_externalized", "s3");
      expect(foreign).toBeInstanceOf(UnrecoverablePruneError);
      expect(foreign).toBeInstanceOf(PrunecheckError);
      expect(foreign).not.toBeInstanceOf(AdapterFault);
      expect(new UnrecoverablePruneError("key_missing", null)).toBeInstanceOf(other.UnrecoverablePruneError);
    });
  });

  it("is what every throw in the shipped code throws", () => {
    // A bare Error reaches the CLI as "a bug in prunecheck" with no code. Two are meant: an fs-like errno
    // error, handled with Node's own by write-atomic's callers, and the mutant whose fault is an untyped refusal.
    const allowed = new Set(["src/files/write-atomic.ts: new Error(", "properties/mutants/untyped-refusal.ts: new Error("]);
    const typed =
      /throw new (?!(?:InputError|AdapterFault|UnrecoverablePruneError|StoreConflictError|PropertyViolation|TransportFailure|HarnessError|ModelFailure)\b)\w+|new (?:Type|Range|Syntax)?Error\(/g;
    const offenders = shippedFiles()
      .flatMap((file) => [...readFileSync(join(ROOT, file), "utf8").matchAll(typed)].map((match) => `${file}: ${match[0]}`))
      .filter((hit) => !allowed.has(hit));
    expect(offenders).toEqual([]);
  });
});

function shippedFiles(): string[] {
  return ["src", "fuzz", "properties"].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.startsWith("test-helpers"))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
  );
}
