import type { Io } from "../src/cli/io.ts";
import type { Capability } from "../src/wire/protocol.ts";
import { formatDuration } from "./duration.ts";
import { caseCount } from "./exhaustive.ts";
import type { Phase } from "./messages.ts";
import { shardShare } from "./shard.ts";
import type { CampaignOptions } from "./campaign.ts";

const REDRAW_MS = 250;

/** The campaign's live line (runs/s, requests/s, violations, time left), redrawn on a TTY via io.progress. */
export class Progress {
  runs = 0;
  requests = 0;
  cases = 0;
  violations = 0;
  phase: Phase = "corpus";
  #timer: NodeJS.Timeout | null = null;
  #totalCases = 0;
  #started = Date.now();
  /** When the first worker began random search: the budget counts from there. */
  #randomStarted: number | null = null;

  constructor(
    private readonly io: Io,
    private readonly options: CampaignOptions,
  ) {}

  /** Once the first worker is ready: the one header line, then the live line. */
  start(ready: { name: string; capabilities: readonly Capability[] }, corpusEntries: number): void {
    const { options } = this;
    this.#started = Date.now();
    this.#totalCases = shardShare(caseCount(options.exhaustive, ready.capabilities), options.shard);
    const exhaustive = options.exhaustive === 0 ? "exhaustive off" : `exhaustive bound ${options.exhaustive} (${this.#totalCases} cases)`;
    this.io.line(
      `prunecheck fuzz: ${ready.name} at ${options.level}, ${options.workers} worker${options.workers === 1 ? "" : "s"}, shard ${options.shard.index}/${options.shard.count}, seed ${options.seed}, budget ${formatDuration(options.budgetMs)}; ${corpusEntries} corpus entries for this target; ${exhaustive}`,
    );
    this.#timer = setInterval(() => this.io.progress(this.render()), REDRAW_MS);
    this.#timer.unref();
  }

  add(delta: { phase: Phase; runs: number; requests: number; cases: number }): void {
    this.phase = delta.phase;
    if (delta.phase === "random") this.#randomStarted ??= Date.now();
    this.runs += delta.runs;
    this.requests += delta.requests;
    this.cases += delta.cases;
  }

  render(): string {
    const elapsed = Math.max(0.001, (Date.now() - this.#started) / 1000);
    const left = this.#randomStarted === null ? `${formatDuration(this.options.budgetMs)} budget to come` : `${formatDuration(this.#randomStarted + this.options.budgetMs - Date.now())} left`;
    const exhaustive = this.options.exhaustive === 0 ? "" : ` · exhaustive ${this.cases}/${this.#totalCases}`;
    return `fuzz [${this.phase}] ${left} · ${this.runs} runs (${Math.round(this.runs / elapsed)}/s) · ${this.requests} requests (${Math.round(this.requests / elapsed)}/s)${exhaustive} · ${this.violations} violation${this.violations === 1 ? "" : "s"}`;
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}
