import type { Budget } from "prunecheck";

/**
 * The budget in the tokens a library counts when it has no tokenizer: a quarter of the characters (Deep
 * Agents' `countTokensApproximately`, ADK's `CHARS_PER_TOKEN`), rounded down, so that what it deems within
 * its limit is within the budget as far as its estimate can tell.
 */
export function libraryTokens(budget: Budget): number {
  return budget.unit === "tokens" ? budget.limit : Math.floor(budget.limit / 4);
}
