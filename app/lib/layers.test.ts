import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The layer rule of eslint.config.js (decision 037), through ESLint's own API on planted files: an import
 * that runs back up is an error of boundaries/dependencies, one that runs down passes. The planted files
 * need not exist; what they import does (the rule resolves it).
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

describe("the layer rule", () => {
  it.each([
    ["app/lib/document/planted.ts", 'import { SHADOWS } from "~/lib/elements/style";\nexport const s = SHADOWS;\n', "document ne peut pas importer elements"],
    [
      "app/lib/document/planted.ts",
      'import { readStoredDocument } from "~/lib/pipeline/read";\nexport const r = readStoredDocument;\n',
      "document ne peut pas importer pipeline",
    ],
    ["app/lib/document/planted.ts", 'import { colorRef } from "~/lib/design/tokens";\nexport const c = colorRef;\n', "document ne peut pas importer design"],
    [
      "app/lib/design/planted.ts",
      'import { createElement } from "~/lib/elements/defaults";\nexport const c = createElement;\n',
      "design ne peut pas importer elements",
    ],
    [
      "app/lib/elements/planted.ts",
      'import { readStoredDocument } from "~/lib/pipeline/read";\nexport const r = readStoredDocument;\n',
      "elements ne peut pas importer pipeline",
    ],
    [
      "app/lib/pipeline/planted.ts",
      'import { draftStore } from "~/lib/content/draft-store.server";\nexport const d = draftStore;\n',
      "pipeline ne peut pas importer feature",
    ],
    ["app/lib/media/planted.ts", 'import { Dialog } from "~/components/kit/Dialog";\nexport const d = Dialog;\n', "feature ne peut pas importer component"],
    [
      "app/lib/text/planted.ts",
      'import { readStoredDocument } from "~/lib/pipeline/read";\nexport const r = readStoredDocument;\n',
      "leaf ne peut pas importer pipeline",
    ],
    ["app/components/planted.tsx", 'import { meta } from "~/routes/admin/design";\nexport const m = meta;\n', "component ne peut pas importer route"],
  ])("refuses an upward import in %s (%#)", async (file, code, message) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["app/lib/document/planted.ts", 'import { findElementWhere } from "./walk";\nexport const f = findElementWhere;\n'],
    ["app/lib/design/planted.ts", 'import { SPACING_KEYS } from "~/lib/document/style-keys";\nexport const k = SPACING_KEYS;\n'],
    [
      "app/lib/elements/planted.ts",
      'import { colorRef } from "~/lib/design/tokens";\nimport { newId } from "~/lib/document/ids";\nexport const x = [colorRef, newId];\n',
    ],
    [
      "app/lib/pipeline/planted.ts",
      'import { serverElement } from "~/lib/elements/server-types.server";\nimport { log } from "~/lib/log.server";\nexport const x = [serverElement, log];\n',
    ],
    ["app/lib/blog/planted.ts", 'import { readCleanDocument } from "~/lib/pipeline/read-clean.server";\nexport const r = readCleanDocument;\n'],
    ["app/routes/planted.tsx", 'import { Dialog } from "~/components/kit/Dialog";\nexport const d = Dialog;\n'],
  ])("lets a downward import through in %s (%#)", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
