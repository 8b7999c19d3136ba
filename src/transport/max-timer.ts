/**
 * The longest delay Node's timers take: they hold a signed 32-bit count of milliseconds, and anything
 * larger fires after 1 ms (with a TimeoutOverflowWarning), so a long timeout would turn into none.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
