import { describe, expect, it } from "vitest";
import type { MutationRecord } from "./mutate.ts";
import { WriteAheadLog, mutate } from "./mutate.ts";
import { frozenWindow, original } from "./test-helpers.ts";
import { InputError } from "../errors/input.ts";

const a = original("a", "orders.total NUMERIC(12,2)", null, { tags: ["constraint"] });
const b = original("b", "cafe\u0301 👩🏽‍💻 \n", null);
const c = original("c", "", "kc");
const window = frozenWindow([a, b, c], 2);

describe("mutate", () => {
  it("drops the named spans with no pointer left behind and marks the result as a mutation", () => {
    const result = mutate(window, ["a", "c"], "budget pressure; accepted loss", new WriteAheadLog());
    expect(result.mutation).toBe(true);
    expect(result.window).toEqual({ spans: [b], derivation_depth: 3 });
    expect(result.window.spans[0]).toBe(b);
  });

  it("appends the write-ahead record before returning", () => {
    const log = new WriteAheadLog();
    const result = mutate(window, ["c", "a"], "lossy eviction", log);
    expect(log.records).toEqual([result.record]);
    expect(result.record).toEqual({ record_id: 0, reason: "lossy eviction", evicted: [a, c], derivation_depth: 2 });
  });

  it("does not return a window when the record cannot be written", () => {
    class FullLog extends WriteAheadLog {
      override append(): MutationRecord {
        throw new Error("log volume full");
      }
    }
    expect(() => mutate(window, ["a"], "lossy", new FullLog())).toThrow("log volume full");
  });

  it("keeps the evicted spans byte-exact in the record: the record is the recovery path", () => {
    const log = new WriteAheadLog();
    mutate(window, ["b"], "lossy", log);
    expect(log.records[0]?.evicted[0]?.text).toBe("cafe\u0301 👩🏽‍💻 \n");
    expect(log.records[0]?.evicted[0]?.text).not.toBe("caf\u00e9 👩🏽‍💻 \n");
  });

  it("freezes records so the history cannot be edited afterwards", () => {
    const log = new WriteAheadLog();
    const { record } = mutate(window, ["a"], "lossy", log);
    expect(Object.isFrozen(record)).toBe(true);
    expect(Object.isFrozen(record.evicted)).toBe(true);
  });

  it("numbers records in append order", () => {
    const log = new WriteAheadLog();
    mutate(window, ["a"], "first", log);
    mutate(window, ["b"], "second", log);
    expect(log.records.map((record) => [record.record_id, record.reason])).toEqual([
      [0, "first"],
      [1, "second"],
    ]);
  });

  it("ignores absent ids but still records the mutation", () => {
    const log = new WriteAheadLog();
    const result = mutate(window, ["ghost", 'q"\n'], "nothing to lose", log);
    expect(result.window.spans).toEqual(window.spans);
    expect(result.window.derivation_depth).toBe(3);
    expect(log.records[0]?.evicted).toEqual([]);
  });

  it("evicts spans whatever their tags or key, since the loss is on the record", () => {
    const result = mutate(frozenWindow([a]), ["a"], "lossy", new WriteAheadLog());
    expect(result.window.spans).toEqual([]);
  });

  it.each([[""], ["   "], ["\n\t"]])("refuses a blank reason %j, saying a reason is needed, and writes nothing", (reason) => {
    const log = new WriteAheadLog();
    expect(() => mutate(window, ["a"], reason, log)).toThrow(InputError);
    expect(() => mutate(window, ["a"], reason, log)).toThrow(
      expect.objectContaining({
        code: "invalid_argument",
        message: expect.stringContaining("mutate needs a reason"),
        hint: expect.stringContaining("non-empty reason"),
      }),
    );
    expect(log.records).toEqual([]);
  });
});
