// Lint rules: TypeScript's recommended set, React's hook rules and jsx-a11y. Type-aware rules are left
// out on purpose: tsc already runs in `npm test`, and linting stays a few seconds on two cores.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "coverage/", "app/lib/icons/catalog.generated.ts", "data/", "bench-results/"] },
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
    // Layers point one way: components and routes use lib, never the reverse (a lib module that needs a
    // component is itself a component, e.g. components/public/eager.server.ts).
    files: ["app/lib/**"],
    // Tests may render whole pages with their components.
    ignores: ["**/*.test.*"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/components/*", "~/routes/*"], message: "app/lib must not import components or routes." }] }],
    },
  },
  {
    // Test support reads arbitrary JSON answers.
    files: ["tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // Benchmarks run code in the page (page.evaluate): browser globals too.
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }] },
  },
);
