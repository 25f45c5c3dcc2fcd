// Lint rules: TypeScript's recommended set, React's hook rules and jsx-a11y. Type-aware rules are left
// out on purpose: tsc already runs in `npm test`, and linting stays a few seconds on two cores.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import archimed from "./scripts/eslint/french-spaces.js";

// The layers, from the top down; a folder belongs to the first pattern it matches.
const LAYERS = [
  { type: "route", pattern: "app/{routes,islands}", partialMatch: false },
  { type: "component", pattern: "app/components", partialMatch: false },
  { type: "document", pattern: "app/lib/document", partialMatch: false },
  { type: "design", pattern: "app/lib/design", partialMatch: false },
  { type: "elements", pattern: "app/lib/elements", partialMatch: false },
  { type: "pipeline", pattern: "app/lib/pipeline", partialMatch: false },
  { type: "leaf", pattern: "app/lib/{i18n,text,typography,icons,db,metrics}", partialMatch: false },
  { type: "feature", pattern: "app/lib/*", partialMatch: false },
];
// Files of feature folders (or of lib itself) that are leaves all the same: they import only other leaves.
const SHARED_LEAF_FILES =
  "app/lib/{{deferred,theme,seo,env.server,log.server,runtime.server}.ts,http/{api.server,json-body,request-id.server}.ts,media/media-url.ts}";
const BELOW_PIPELINE = ["pipeline", "elements", "design", "document", "leaf"];
/** What each layer may import (besides the shared leaf files). */
const MAY_IMPORT = {
  route: ["route", "component", "feature", ...BELOW_PIPELINE],
  component: ["component", "feature", ...BELOW_PIPELINE],
  feature: ["feature", ...BELOW_PIPELINE],
  pipeline: BELOW_PIPELINE,
  elements: ["elements", "design", "document", "leaf"],
  design: ["design", "document"],
  document: ["document"],
  leaf: ["leaf"],
};

export default tseslint.config(
  { ignores: ["build/", ".build-*/", ".react-router/", "node_modules/", "coverage/", "app/lib/icons/catalog.generated.ts", "data/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // French text holds narrow no-break spaces (archimed/french-spaces below); anywhere else they stay errors.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // The sanitizers and text rules match control characters on purpose.
      "no-control-regex": "off",
      // Dialogs move focus to their first field when they open (the WAI-ARIA dialog pattern).
      "jsx-a11y/no-autofocus": "off",
      // Stored videos have no caption files yet (the media model holds none); the player says so.
      "jsx-a11y/media-has-caption": "off",
      // Rules written for the React Compiler, which this project does not use.
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/refs": "off",
      "react-hooks/purity": "off",
      "react-hooks/static-components": "off",
    },
  },
  {
    // The canvas's frames take clicks to select; the keyboard reaches the same nodes through the
    // builder's own shortcuts and its layer list, not through these wrappers.
    files: ["app/components/admin/builder/canvas/**"],
    rules: { "jsx-a11y/click-events-have-key-events": "off", "jsx-a11y/no-static-element-interactions": "off" },
  },
  {
    // Layers point one way, from the routes down to the page document (decision 037, DESIGN.md "Layers"):
    // routes → components → feature modules and lib/api → the save/read pipeline → elements → design →
    // document. An import that runs back up is an error. Shared leaves (words, text rules, the database,
    // the environment, the API's error type) import nothing above them and serve every layer but the
    // document. A lib module that needs a component is itself a component (components/public/eager.server.ts).
    files: ["app/**/*.{ts,tsx}"],
    // Tests may render whole pages with their components.
    ignores: ["**/*.test.*"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { "./scripts/eslint/alias-resolver.cjs": { extensions: [".ts", ".tsx", ".js"] } },
      "boundaries/elements": LAYERS,
      "boundaries/files": [{ category: "leaf", pattern: SHARED_LEAF_FILES }],
      "boundaries/legacy-warnings": false,
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: "{{from.type}} ne peut pas importer {{to.type}} : les couches n'importent que vers le bas (décision 037).",
          policies: [
            ...Object.entries(MAY_IMPORT).map(([from, to]) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } })),
            // Shared leaves serve every layer but the document, which imports nothing outside itself.
            { from: { element: { type: "!document" } }, allow: { to: { file: { categories: "leaf" } } } },
            // A shared leaf file of lib itself (env.server.ts, seo.ts…) belongs to no folder: leaves only.
            { from: { file: { categories: "leaf" } }, allow: { to: { file: { categories: "leaf" } } } },
            { from: { file: { categories: "leaf" } }, allow: { to: { element: { type: "leaf" } } } },
          ],
        },
      ],
    },
  },
  {
    // French typography in the code's own words (the back-office, the server's messages, the tests that read them):
    // a narrow no-break space before : ; ! ? » and after « (scripts/eslint/french-spaces.js, decision 063). The
    // seed copy (with the script that writes the seed media's titles) and the typesetter's own tests hold ordinary
    // spaces on purpose: the renderer typesets them.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts", "scripts/*.{ts,mjs}"],
    ignores: ["app/lib/content/seed/**", "scripts/make-seed-images.mjs", "app/lib/typography/**", "tests/integration/typography.test.ts"],
    plugins: { archimed },
    rules: { "archimed/french-spaces": "error" },
  },
  {
    // Test support reads arbitrary JSON answers.
    files: ["tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // CommonJS for the tools that require() their plugins (the import resolver of scripts/eslint/).
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Benchmarks run code in the page (page.evaluate): browser globals too.
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // As in the TypeScript files: French messages hold narrow no-break spaces (archimed/french-spaces).
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true }],
    },
  },
);
