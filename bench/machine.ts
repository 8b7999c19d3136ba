import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** What the numbers were measured on: they mean little without it. */
export interface Machine {
  readonly cpus: number;
  readonly cpuModel: string;
  readonly node: string;
  readonly python: string;
  readonly date: string;
  /** 1-minute load average when the benchmark started: other work on the machine skews absolute times. */
  readonly loadAverage: number;
}

export function describeMachine(loadAverage: number): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpuModel(),
    node: process.version,
    python: pythonVersion(),
    date: new Date().toISOString(),
    loadAverage,
  };
}

function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? "unknown";
  } catch {
    return "unknown";
  }
}

function pythonVersion(): string {
  try {
    return execFileSync("python3", ["-V"], { encoding: "utf8" }).trim();
  } catch {
    return "python3 not found";
  }
}
