export { definePruner } from "./transport/pruner.ts";
export type { Pruner } from "./transport/pruner.ts";
export type { Driver, Exchange } from "./transport/driver.ts";
export { inProcessDriver } from "./transport/in-process.ts";
export { openStdioDriver } from "./transport/stdio.ts";
export type { StdioDriverOptions } from "./transport/stdio.ts";
export { PrunecheckError } from "./errors/prunecheck-error.ts";
export { UnrecoverablePruneError, REFUSAL_REASONS } from "./errors/unrecoverable.ts";
export type { RefusalReason } from "./errors/unrecoverable.ts";
export { AdapterFault, ADAPTER_FAULTS } from "./errors/adapter-fault.ts";
export type { AdapterFaultCode } from "./errors/adapter-fault.ts";
export { InputError } from "./errors/input.ts";
export type { InputErrorCode } from "./errors/input.ts";
export { HarnessError } from "./errors/harness.ts";
export type { HarnessErrorCode } from "./errors/harness.ts";
export { StoreConflictError } from "./errors/store.ts";
export { ModelFailure } from "./errors/model-failure.ts";
export type { Model } from "./llm/model.ts";
export * from "./wire/index.ts";
export {
  compactWithModel,
  ContentStore,
  freshId,
  contentKey,
  externalize,
  mutate,
  prune,
  reground,
  referenceModelPruner,
  referencePruner,
  summarize,
  summarizeWithModel,
  WriteAheadLog,
} from "./reference/index.ts";
export type { MutationRecord, MutationResult } from "./reference/index.ts";
export { checkProperty } from "./models/run.ts";
export { checkTogether } from "./models/joint.ts";
export type { JointOptions } from "./models/joint.ts";
export type { CheckOptions, PropertyResult } from "./models/run.ts";
export { appliesTo } from "./models/property.ts";
export type { Level, Property, PropertyInfo, Step, Finding } from "./models/property.ts";
export { PROPERTIES, CATALOG } from "../properties/index.ts";
export { checkSuite } from "./api/check-suite.ts";
export { recordPruner } from "./trace/record-pruner.ts";
export type { RecordedPruner, RecordOptions } from "./trace/record-pruner.ts";
export type { SuiteCheck, SuiteResult } from "./api/check-suite.ts";
export type { RunSummary, ResultLine } from "./reports/summary.ts";
export type { Report, Target } from "./reports/report.ts";
