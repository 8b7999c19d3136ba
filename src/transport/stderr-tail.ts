import { isLowSurrogate } from "../wire/utf16.ts";

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

  append(text: string): void {
    this.#text += text;
    if (this.#text.length > 2 * this.maxChars) {
      this.#trimmed += this.#text.length - this.maxChars;
      this.#text = this.#text.slice(-this.maxChars);
    }
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
