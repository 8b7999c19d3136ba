import type { Io } from "../src/console/io.ts";
import { count, perSecond, showProgress, systemClock, type Clock } from "../src/console/progress.ts";
import type { Capability } from "../src/wire/protocol.ts";
import { formatDuration } from "../src/console/duration.ts";
import { caseCount } from "../src/engine/exhaustive.ts";
import type { Phase } from "./messages.ts";
import { shardShare } from "./shard.ts";
import type { CampaignOptions } from "./campaign.ts";

/**
 * The campaign's live line (runs/s, requests/s, violations, time left): redrawn on a TTY, and written as a
 * status line every few seconds off one (io.statusEveryMs), so a CI log shows a slow campaign is alive.
 */
export class Progress {
  runs = 0;
  requests = 0;
  cases = 0;
  violations = 0;
  phase: Phase = "corpus";
  #stop: (() => void) | null = null;
  #totalCases = 0;
  #started: number;
  /** When the first worker began random search: the budget counts from there. */
  #randomStarted: number | null = null;
  /** When the first exhaustive case was judged: its pace says how long the phase has to go. */
  #exhaustiveStarted: number | null = null;

  constructor(
    private readonly io: Io,
    private readonly options: CampaignOptions,
    private readonly clock: Clock = systemClock,
  ) {
    this.#started = clock.now();
  }

  /** Once the first worker is ready: the one header line, then the live line. */
  start(ready: { name: string; capabilities: readonly Capability[] }, corpusEntries: number): void {
    const { options } = this;
    this.#started = this.clock.now();
    this.#totalCases = shardShare(caseCount(options.exhaustive, ready.capabilities), options.shard);
    // --time is the random search's: the exhaustive phase before it is judged whole (issue 46: `--time 30s` took
    // 77 s and nothing said why), so both are said, and the live line gives the phase's pace.
    const exhaustive = options.exhaustive === 0 ? "exhaustive off" : `exhaustive bound ${options.exhaustive} (${this.#totalCases} cases, judged whole first)`;
    this.io.line(
      `prunecheck fuzz: ${ready.name} at ${options.level}, ${options.workers} worker${options.workers === 1 ? "" : "s"}, shard ${options.shard.index}/${options.shard.count}, seed ${options.seed}; ${corpusEntries} corpus entries for this target; ${exhaustive}; then ${formatDuration(options.budgetMs)} of random search`,
    );
    this.#stop = showProgress(this.io, this.clock, { live: () => this.render(), status: () => `prunecheck ${this.render()}` });
  }

  add(delta: { phase: Phase; runs: number; requests: number; cases: number }): void {
    this.phase = delta.phase;
    if (delta.phase === "random") this.#randomStarted ??= this.clock.now();
    if (delta.phase === "exhaustive") this.#exhaustiveStarted ??= this.clock.now();
    this.runs += delta.runs;
    this.requests += delta.requests;
    this.cases += delta.cases;
  }

  render(): string {
    const now = this.clock.now();
    const ms = now - this.#started;
    const budget = formatDuration(this.options.budgetMs);
    const left =
      this.#randomStarted !== null
        ? `${formatDuration(this.#randomStarted + this.options.budgetMs - now)} left`
        : this.#exhaustiveStarted !== null && this.cases > 0 && now > this.#exhaustiveStarted
          ? `exhaustive phase about ${formatDuration(((this.#totalCases - this.cases) * (now - this.#exhaustiveStarted)) / this.cases)} more, then ${budget} of random search`
          : `${budget} budget to come`;
    const exhaustive = this.options.exhaustive === 0 ? "" : ` · exhaustive ${count(this.cases)}/${count(this.#totalCases)}`;
    return `fuzz [${this.phase}] ${left} · ${count(this.runs)} runs (${perSecond(this.runs, ms)}/s) · ${count(this.requests)} requests (${perSecond(this.requests, ms)}/s)${exhaustive} · ${this.violations} violation${this.violations === 1 ? "" : "s"}`;
  }

  stop(): void {
    this.#stop?.();
    this.#stop = null;
  }
}
