import { statSync } from "node:fs";
import type { Io } from "../console/io.ts";
import { count, perSecond, showProgress, systemClock, type Clock } from "../console/progress.ts";
import type { FileRead } from "./audit-files.ts";

/**
 * An audit's live line: files done, bytes read of all the files' bytes, exchanges judged and their rate.
 * Redrawn on a TTY, and a status line every few seconds off one (io.statusEveryMs), so a CI log shows a long
 * audit is alive.
 */
export class AuditProgress {
  readonly #sizes: readonly number[];
  readonly #read: FileRead[];
  readonly #clock: Clock;
  readonly #started: number;
  #done = 0;

  constructor(files: readonly string[], clock: Clock = systemClock) {
    // A file that cannot be stat-ed counts 0 bytes: its audit is what names the problem.
    this.#sizes = files.map((file) => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    });
    this.#read = files.map(() => ({ bytes: 0, exchanges: 0 }));
    this.#clock = clock;
    this.#started = clock.now();
  }

  read(index: number, read: FileRead): void {
    this.#read[index] = read;
  }

  done(index: number, exchanges: number): void {
    this.#read[index] = { bytes: this.#sizes[index] ?? 0, exchanges };
    this.#done++;
  }

  render(now: number): string {
    const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
    const [bytes, total] = [sum(this.#read.map((read) => read.bytes)), sum(this.#sizes)];
    const exchanges = sum(this.#read.map((read) => read.exchanges));
    const share = total === 0 ? "" : ` (${Math.floor((bytes / total) * 100)} %)`;
    const mb = (value: number) => (value / 1e6).toFixed(1);
    return `audit · ${this.#done}/${this.#sizes.length} files · ${mb(bytes)} of ${mb(total)} MB${share} · ${count(exchanges)} exchanges (${perSecond(exchanges, now - this.#started)}/s)`;
  }

  /** Shows the line until the returned function is called. */
  show(io: Io): () => void {
    return showProgress(io, this.#clock, { live: (now) => this.render(now), status: (now) => `prunecheck ${this.render(now)}` });
  }
}
