/**
 * Where a new worker thread or process starts to run `name`, a module beside `base` (its caller's
 * `import.meta.url`). The package runs compiled JavaScript, which starts as it is. A source checkout runs
 * TypeScript through tsx, whose hooks a new thread or process does not inherit: it starts at
 * `<name>-entry.mjs` instead, which registers them and then imports `<name>.ts`.
 */
export function moduleEntry(base: string, name: string): URL {
  return new URL(base.endsWith(".ts") ? `./${name}-entry.mjs` : `./${name}.js`, base);
}
