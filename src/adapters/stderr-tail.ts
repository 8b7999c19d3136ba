/**
 * The end of what an adapter wrote to stderr, for fault reports. Bounded in lines and characters, so an
 * adapter that logs megabytes costs nothing; the buffer is trimmed only when it doubles, so appending
 * stays cheap.
 */
export class StderrTail {
  #text = "";

  constructor(
    readonly maxLines = 50,
    readonly maxChars = 8 * 1024,
  ) {}

  append(text: string): void {
    this.#text += text;
    if (this.#text.length > 2 * this.maxChars) this.#text = this.#text.slice(-this.maxChars);
  }

  toString(): string {
    const text = this.#text.endsWith("\n") ? this.#text.slice(0, -1) : this.#text;
    let tail = text.slice(-this.maxChars);
    // Cutting by code units can split a surrogate pair; a lone low surrogate would print as garbage.
    if (isLowSurrogate(tail.charCodeAt(0))) tail = tail.slice(1);
    return tail.split("\n").slice(-this.maxLines).join("\n");
  }
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
