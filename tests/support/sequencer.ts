import { statSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order test files start in, within each project (the projects themselves keep their groupOrder):
 * longest first, so that two workers end together instead of one running a long file alone at the end
 * (decision 053). Vitest orders by the durations it cached on the last run; CI starts from a clean clone
 * without that cache, where Vitest falls back to file size — and a short file can be a long run (a11y:
 * 65 lines, two minutes of axe). So: Vitest's cached duration when it has one, else the seconds below
 * (measured, see docs/decisions/053), else an estimate from the file's size.
 */
export const MEASURED_SECONDS: Record<string, number> = {
  // A full clean-clone run on a quiet machine (2 cores), 2026-11-28 night: files of 20 s or more.
  "e2e/builder-tools.test.ts": 69,
  "e2e/builder-saving.test.ts": 58,
  "e2e/auth.test.ts": 46,
  "e2e/builder-editing.test.ts": 46,
  "e2e/a11y.test.ts": 41,
  "e2e/builder-named-styles.test.ts": 36,
  "e2e/shell.test.ts": 35,
  "e2e/stats.test.ts": 32,
  "e2e/admin-bar.test.ts": 32,
  "e2e/blog-writing.test.ts": 30,
  "e2e/builder-devices.test.ts": 30,
  "e2e/media.test.ts": 27,
  "e2e/consent.test.ts": 24,
  "e2e/contact.test.ts": 22,
  "e2e/builder-narrow.test.ts": 21,
  "e2e/builder-layers.test.ts": 21,
  "e2e/builder-safety.test.ts": 20,
  "e2e/builder-moving.test.ts": 20,
  "tests/integration/hostile-input.test.ts": 58,
  "tests/integration/auth-cli.test.ts": 34,
  "tests/integration/backups.test.ts": 24,
  "tests/integration/media.test.ts": 22,
  "tests/integration/two-nodes.test.ts": 21,
  "tests/integration/auth-throttle.test.ts": 20,
};

/** Seconds per byte of a file with no figure: about what the files above average. */
const SECONDS_PER_BYTE = 0.003;

export class LongestFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const estimate = new Map<TestSpecification, number>();
    for (const spec of files) {
      const rel = path.relative(root, spec.moduleId).split(path.sep).join("/");
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${rel}`)?.duration;
      let seconds = cached !== undefined ? cached / 1000 : MEASURED_SECONDS[rel];
      if (seconds === undefined) {
        try {
          seconds = statSync(spec.moduleId).size * SECONDS_PER_BYTE;
        } catch {
          seconds = 0;
        }
      }
      estimate.set(spec, seconds);
    }
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return estimate.get(b)! - estimate.get(a)!;
    });
  }
}
