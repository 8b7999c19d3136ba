import { killTagged } from "./process-tag.ts";

/**
 * The watchdog's last act (watchdog.ts), once the harness thread is gone: the same sweep the harness runs
 * (process-tag.ts), killing as it finds, since a shell loop over grep is too slow for a fork-hopper.
 * `node sweep.js <tag prefix>`.
 */
killTagged(process.argv[2] ?? "");
