import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIo } from "../console/io.ts";
import { fakeClock } from "../../test/helpers/fake-clock.ts";
import { AuditProgress } from "./audit-progress.ts";

const dir = mkdtempSync(join(tmpdir(), "prunecheck-audit-progress-"));

describe("an audit's progress", () => {
  it("shows files done, bytes read of all the files' and exchanges per second, live and as status lines off a TTY", () => {
    const [a, b] = ["a.jsonl", "b.jsonl"].map((name, at) => {
      const file = join(dir, name);
      writeFileSync(file, "x".repeat((at + 1) * 1_000_000));
      return file;
    }) as [string, string];
    const clock = fakeClock();
    const io = memoryIo(2000);
    const progress = new AuditProgress([a, b, join(dir, "missing.jsonl")], clock);
    const hide = progress.show(io);
    progress.read(1, { bytes: 500_000, exchanges: 40 });
    clock.advance(2000);
    progress.done(0, 100);
    clock.advance(2000);
    hide();
    clock.advance(2000);

    expect(io.statuses).toEqual([
      "prunecheck audit · 0/3 files · 0.5 of 3.0 MB (16 %) · 40 exchanges (20/s)",
      "prunecheck audit · 1/3 files · 1.5 of 3.0 MB (50 %) · 140 exchanges (35/s)",
    ]);
    expect(io.drawn[0]).toBe("audit · 0/3 files · 0.0 of 3.0 MB (0 %) · 0 exchanges (0/s)");
    expect(io.drawn.at(-1)).toBe("audit · 1/3 files · 1.5 of 3.0 MB (50 %) · 140 exchanges (35/s)");
  });

  it("gives no share of nothing: files of no bytes read as 0.0 of 0.0 MB", () => {
    const progress = new AuditProgress([join(dir, "none.jsonl")], fakeClock());
    expect(progress.render(0)).toBe("audit · 0/1 files · 0.0 of 0.0 MB · 0 exchanges (0/s)");
  });
});
