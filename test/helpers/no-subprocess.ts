import { vi } from "vitest";

/**
 * The quick lane's guard (vitest.config.ts): a test there runs in this process, so that the lane stays
 * seconds long and never depends on how fast another process starts. A test that starts a process or a
 * thread fails here with a message saying where it belongs, rather than slowing the inner loop unseen.
 */
const refuse = (what: string) => () => {
  throw new Error(`the quick lane starts no ${what}: move this test to the end-to-end project's files in vitest.config.ts`);
};

vi.mock("node:child_process", async (original) => ({
  ...(await original<typeof import("node:child_process")>()),
  spawn: refuse("process"),
  exec: refuse("process"),
  execFile: refuse("process"),
  fork: refuse("process"),
  spawnSync: refuse("process"),
  execSync: refuse("process"),
  execFileSync: refuse("process"),
}));

vi.mock("node:worker_threads", async (original) => ({
  ...(await original<typeof import("node:worker_threads")>()),
  Worker: refuse("worker thread"),
}));
