import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./tests/support/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Longest files first in each project, from measured durations when Vitest has none cached (CI's clean clone).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // One group per project, run in this order: browser tests are steadier once the integration
      // servers have stopped.
      // A wait, not a speed limit: property tests parse thousands of documents, and on a machine whose cores
      // are busy elsewhere Vitest's 5 s default failed them for reasons that were not bugs (issue 23).
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 30_000,
          // Vitest's default is one worker fewer than the cores: one on CI's two, which left a core idle for the
          // whole unit run (unit tests have no server or browser beside them to use it).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          // A file may start three servers at once; on a loaded machine each can take 20 s or more to boot.
          hookTimeout: 150_000,
          // Each file starts its own servers; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // The run's migrated and seeded template databases, copied by every test server (decision 053).
          globalSetup: ["tests/support/global-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Two files at a time: a browser test waits on timers, the network and animations as much as it
          // computes, so two share the two cores well (measured: the browser tests take about 40 % less time).
          maxWorkers: 2,
          // The files of a worker run in one process, one after another, so that they share its Chromium
          // (e2e/browser.ts: a launch is about a second of CPU per file). Each file still starts its own server
          // and closes its own contexts; nothing in these files mocks a module or changes the environment.
          isolate: false,
          globalSetup: ["tests/support/global-setup.ts"],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
