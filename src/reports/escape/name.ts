import { jsonWithoutControls } from "./terminal.ts";

/**
 * A name as a word in a sentence (the summary line, a story): bare when it is plain, else quoted as JSON
 * with every control character escaped, so that a name cannot pose as a verdict ("x conforms"), open a
 * line of its own or pass for the words around it.
 */
export function quoteName(name: string): string {
  return /^[A-Za-z0-9_./:@+-]+$/.test(name) ? name : jsonWithoutControls(JSON.stringify(name));
}
