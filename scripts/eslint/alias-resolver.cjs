// The "~/" alias of tsconfig.json and vite.config.ts, for ESLint's import resolution (eslint-plugin-boundaries
// reads the target of every import through it): "~/lib/x" is app/lib/x, then Node's rules find the file.
const path = require("node:path");
const node = require("eslint-import-resolver-node");

const APP = path.join(__dirname, "..", "..", "app");

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => node.resolve(source.startsWith("~/") ? path.join(APP, source.slice(2)) : source, file, config);
