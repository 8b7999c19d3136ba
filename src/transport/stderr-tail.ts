import { isLowSurrogate } from "../wire/utf16.ts";

/** One process's stderr on its way into a shared tail. */
export interface TailSource {
  write(text: string): void;
  /** The stream ended: an unfinished last line goes in as it is. Safe to call more than once. */
  end(): void;
}

/**
 * The end of what an adapter wrote to stderr, for fault reports. Bounded in lines and characters (so any
 * one line too), so an adapter that logs megabytes costs nothing; the buffer is trimmed only when it
 * doubles, so appending stays cheap. What was left out is counted, and the tail says so on a first line.
 */
export class StderrTail {
  #text = "";
  /** Characters trimmed from the front of the buffer so far. */
  #trimmed = 0;

  constructor(
    readonly maxLines = 50,
    readonly maxChars = 8 * 1024,
  ) {}

  append(text: string, trimmedBefore = 0): void {
    this.#text += text;
    this.#trimmed += trimmedBefore;
    if (this.#text.length > 2 * this.maxChars) {
      this.#trimmed += this.#text.length - this.maxChars;
      this.#text = this.#text.slice(-this.maxChars);
    }
  }

  /**
   * A writer for one process. The tail is shared by every process of a driver (so a fault's tail shows
   * what the process before it said), and a spare process starts while another answers: each source
   * hands over whole lines only, so one process's line is never spliced into the middle of another's.
   */
  source(): TailSource {
    let partial = "";
    let dropped = 0;
    return {
      write: (text) => {
        const cut = text.lastIndexOf("\n");
        if (cut === -1) {
          partial += text;
          // One endless line is bounded like the tail, and what it loses is counted once it goes in.
          if (partial.length > 2 * this.maxChars) {
            dropped += partial.length - this.maxChars;
            partial = partial.slice(-this.maxChars);
          }
          return;
        }
        this.append(partial + text.slice(0, cut + 1), dropped);
        partial = text.slice(cut + 1);
        dropped = 0;
      },
      end: () => {
        if (partial !== "" || dropped > 0) this.append(`${partial}\n`, dropped);
        partial = "";
        dropped = 0;
      },
    };
  }

  toString(): string {
    const text = this.#text.endsWith("\n") ? this.#text.slice(0, -1) : this.#text;
    let tail = text.slice(-this.maxChars);
    // Cutting by code units can split a surrogate pair; a lone low surrogate would print as garbage.
    if (isLowSurrogate(tail.charCodeAt(0))) tail = tail.slice(1);
    const shown = tail.split("\n").slice(-this.maxLines).join("\n");
    const earlier = this.#trimmed + text.length - shown.length;
    return earlier === 0 ? shown : `… (${earlier} earlier characters)\n${shown}`;
  }
}
