/**
 * Error classes carry a `Symbol.for` brand and are recognized by it rather than by `instanceof`: an
 * adapter module may bundle its own copy of prunecheck, whose classes are different objects.
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
