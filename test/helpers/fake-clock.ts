import type { Clock } from "../../src/console/progress.ts";

/** A clock that moves only when the test says so, firing every tick that falls due on the way. */
export function fakeClock(): Clock & { advance(ms: number): void; readonly timers: number } {
  let now = 0;
  const timers = new Set<{ ms: number; next: number; tick: () => void }>();
  return {
    now: () => now,
    every(ms, tick) {
      const timer = { ms, next: now + ms, tick };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((timer) => timer.next <= end).sort((a, b) => a.next - b.next)[0];
        if (due === undefined) break;
        now = due.next;
        due.next += due.ms;
        due.tick();
      }
      now = end;
    },
    get timers() {
      return timers.size;
    },
  };
}
