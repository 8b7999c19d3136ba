import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "properties/**/*.test.ts", "fuzz/**/*.test.ts", "test/**/*.test.ts", "examples/**/*.test.ts"],
    testTimeout: 60_000,
    maxWorkers: 2,
    coverage: {
      provider: "v8",
      include: ["src/**/*.ts"],
      exclude: ["src/**/*.test.ts"],
      thresholds: {
        "src/**": { lines: 90, branches: 90 },
        "src/reference/**": { lines: 95, branches: 95, functions: 95, statements: 95 },
      },
    },
  },
});
