import { readFileSync } from "node:fs";

/** What a reproduction's report states, read back so that a test can hold it to the script it quotes. */
export interface Report {
  /** The packages and exact versions its "Versions" line names. */
  readonly packages: readonly (readonly [string, string])[];
  /** The reproduction, the one js block under "## Reproduction". */
  readonly script: string;
  /** What the script printed, the one text block under "## Actual". */
  readonly actual: string;
}

export function readReport(path: string): Report {
  const text = readFileSync(path, "utf8");
  const versions = /^\*\*Versions:\*\* (.+)$/m.exec(text)?.[1];
  if (versions === undefined) throw new Error(`${path}: no "**Versions:**" line`);
  const packages = [...versions.matchAll(/`([^`]+)` (\d+\.\d+\.\d+\S*)/g)].map((match) => [match[1]!, match[2]!.replace(/[,;.]$/, "")] as const);
  return { packages, script: block(text, path, "Reproduction", "js"), actual: block(text, path, "Actual", "text") };
}

/** The fenced block of the given language in a section; the fence is longer than any backtick run inside it. */
function block(text: string, path: string, section: string, language: string): string {
  const start = text.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`${path}: no "## ${section}" section`);
  const match = new RegExp(`\\n(\`{3,})${language}\\n([\\s\\S]*?)\\n\\1\\n`).exec(text.slice(start));
  if (match === null) throw new Error(`${path}: no \`\`\`${language} block under "## ${section}"`);
  return `${match[2]}\n`;
}
