/**
 * Timing helpers for a shared, noisy machine: absolute times drift with whatever else runs, so variants
 * are only ever compared within a round (fast ones in pairs with their baseline, the pair's order
 * alternating; slow ones interleaved, the order rotating), and every figure is a median over rounds.
 */
export type Variant = () => unknown;

/**
 * `cpu`: this process's CPU time (every thread, GC helpers included), for work that stays in-process:
 * time other processes take from the cores is not charged to it. `wall`: elapsed time, for work that
 * waits on another process.
 */
export type Clock = "cpu" | "wall";

export interface CompareOptions {
  readonly clock: Clock;
  /** Rounds that are run but not kept: JIT warm-up, caches, the first GCs. */
  readonly warmup: number;
  readonly rounds: number;
  /** Each sample repeats its variant until it has run at least this long, so timer noise stays small. */
  readonly minSampleMs: number;
}

export interface Comparison {
  /** Milliseconds one run of the variant took, one per round. */
  readonly samples: readonly number[];
  /** Milliseconds one run of the baseline took, timed next to each sample. */
  readonly baseline: readonly number[];
  /** Median over rounds of variant / baseline within the round. */
  readonly ratio: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Milliseconds one call takes. */
async function timeOnce(variant: Variant, clock: Clock): Promise<number> {
  return timeRepeated(variant, 1, clock);
}

/**
 * Times every variant against the baseline, in pairs: per round, each variant once right after (or,
 * every other round, right before) its own baseline sample, so both see the same machine load.
 */
export async function compare<K extends string>(baseline: Variant, variants: Record<K, Variant>, options: CompareOptions): Promise<Record<K, Comparison>> {
  const names = Object.keys(variants) as K[];
  const { clock } = options;
  const baselineRepeats = await calibrate(baseline, options);
  const repeats = {} as Record<K, number>;
  for (const name of names) repeats[name] = await calibrate(variants[name], options);
  const samples = Object.fromEntries(names.map((name) => [name, { samples: [] as number[], baseline: [] as number[] }])) as Record<
    K,
    { samples: number[]; baseline: number[] }
  >;
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length] as K;
      const variantFirst = round % 2 === 1;
      const first = variantFirst ? await timeRepeated(variants[name], repeats[name], clock) : await timeRepeated(baseline, baselineRepeats, clock);
      const second = variantFirst ? await timeRepeated(baseline, baselineRepeats, clock) : await timeRepeated(variants[name], repeats[name], clock);
      if (round < options.warmup) continue;
      samples[name].samples.push(variantFirst ? first : second);
      samples[name].baseline.push(variantFirst ? second : first);
    }
  }
  const result = {} as Record<K, Comparison>;
  for (const name of names) {
    const { samples: ms, baseline: base } = samples[name];
    result[name] = { samples: ms, baseline: base, ratio: pairedRatio(ms, base) };
  }
  return result;
}

/**
 * Runs every variant once per round, rotating which goes first, for variants too slow to repeat within a
 * sample (a whole conformance run). Ratios between them are then taken round by round.
 */
export async function interleave<K extends string>(variants: Record<K, Variant>, rounds: number, clock: Clock): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length] as K;
      samples[name].push(await timeOnce(variants[name], clock));
    }
  }
  return samples;
}

/** Median over rounds of numerator / denominator within the round. */
export function pairedRatio(numerator: readonly number[], denominator: readonly number[]): number {
  return median(numerator.map((value, index) => value / (denominator[index] as number)));
}

/** How many back-to-back runs make a sample of at least `minMs` (at least one), timed warm. */
async function calibrate(variant: Variant, options: CompareOptions): Promise<number> {
  await variant();
  const once = await timeOnce(variant, options.clock);
  return once >= options.minSampleMs ? 1 : Math.ceil(options.minSampleMs / Math.max(once, 0.001));
}

async function timeRepeated(variant: Variant, repeats: number, clock: Clock): Promise<number> {
  const started = now(clock);
  for (let n = 0; n < repeats; n++) await variant();
  return (now(clock) - started) / repeats;
}

function now(clock: Clock): number {
  if (clock === "wall") return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? Math.round(perSecond).toLocaleString("en-US") : perSecond.toFixed(1);
}
