/** The README's examples, named as its commands name them (run from the repository root). */
export const EXAMPLES = [
  { name: "my-pruner", target: ["--impl", "examples/typescript/my-pruner.ts"] },
  { name: "model-summarizer", target: ["--impl", "examples/typescript/model-pruner.ts"] },
  { name: "reference-python", target: ["--cmd", "python3 examples/python/adapter.py"] },
  { name: "model-compactor-python", target: ["--cmd", "python3 examples/python/model_compactor.py"] },
] as const;
