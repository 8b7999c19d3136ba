// Preloaded into the harness by bench/hostile-runs.ts (`node --require`, so an adapter it starts does not get it):
// on exit, the main thread appends this process's peak RSS in MB to the file $PRUNECHECK_PEAK_RSS_FILE.
const { isMainThread } = require("node:worker_threads");
const file = process.env.PRUNECHECK_PEAK_RSS_FILE;
if (isMainThread && file) process.on("exit", () => require("node:fs").appendFileSync(file, `${process.resourceUsage().maxRSS / 1e3}\n`));
