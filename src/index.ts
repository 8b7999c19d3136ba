export { definePruner } from "./transport/pruner.ts";
export type { Pruner } from "./transport/pruner.ts";
export type { Driver, Exchange } from "./transport/driver.ts";
export { inProcessDriver } from "./transport/in-process.ts";
export { openStdioDriver } from "./transport/stdio.ts";
export type { StdioDriverOptions } from "./transport/stdio.ts";
export { UnrecoverablePruneError, isUnrecoverablePruneError, REFUSAL_REASONS } from "./errors/unrecoverable.ts";
export type { RefusalReason } from "./errors/unrecoverable.ts";
export { AdapterFault, isAdapterFault, ADAPTER_FAULTS } from "./errors/adapter-fault.ts";
export type { AdapterFaultCode } from "./errors/adapter-fault.ts";
export { InputError, isInputError } from "./errors/input.ts";
export { StoreConflictError } from "./errors/store.ts";
export * from "./wire/index.ts";
export {
  ContentStore,
  contentKey,
  externalize,
  mutate,
  prune,
  reground,
  referencePruner,
  summarize,
  WriteAheadLog,
} from "./reference/index.ts";
export type { MutationRecord, MutationResult } from "./reference/index.ts";
export { checkProperty } from "./models/run.ts";
export type { CheckOptions, PropertyResult } from "./models/run.ts";
export { appliesTo } from "./models/property.ts";
export type { Level, Property, PropertyInfo, Step, Finding } from "./models/property.ts";
export { PROPERTIES, CATALOG } from "../properties/index.ts";
