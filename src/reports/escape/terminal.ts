/**
 * What a terminal must never receive raw from adapter data: C0 and C1 control characters and DEL (ESC
 * starts the sequences that retitle a window, move the cursor or rewrite what was printed; CR returns to
 * overwrite the verdict), and the Unicode characters that break a line or reorder the text shown.
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\x1b`, `\u202e`: the character named, so the reader sees that it was there. */
function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Every control character made visible, line breaks and tabs included: text that must stay on one line. */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, visible);
}

/** Text for the terminal: line breaks and tabs stay, every other control character is made visible. */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, (char) => (char === "\n" || char === "\t" ? char : visible(char)));
}

/**
 * JSON text (from JSON.stringify, which leaves DEL, C1 and the Unicode controls raw) with those as `\u`
 * escapes: inside a JSON string the escape means the same character, so the value is unchanged.
 */
export function jsonWithoutControls(json: string): string {
  return json.replace(CONTROLS, (char) => (char === "\n" ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

/**
 * What a reader cannot see, or cannot tell from a plain space: DEL and C1 controls, the no-break and
 * typographic spaces, zero-width and direction marks, the line and paragraph separators, the byte order
 * mark. A model's summary of U+0085 or U+FEFF is the whole of a finding ([p-model-failure]).
 */
const UNSEEN = /[\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;

/** A text as a JSON string with each character no reader sees as a `\u` escape: the same value, now legible. */
export function visibleJson(text: string): string {
  return JSON.stringify(text).replace(UNSEEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
