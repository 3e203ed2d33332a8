/**
 * `import code from "./file.js?inline-script"`: the file's text minified, for a script written inline
 * in every page (ADR 014). Every page carries it, so its bytes count on every first visit.
 */
import { readFileSync } from "node:fs";
import { minifySync, type Plugin } from "vite";

const QUERY = "?inline-script";

export function inlineScript(): Plugin {
  return {
    name: "sitio:inline-script",
    enforce: "pre",
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const result = minifySync(file, readFileSync(file, "utf8"), { compress: true, mangle: true });
      if (result.errors.length > 0) throw new Error(`${file}: ${result.errors.map((e) => e.message).join("; ")}`);
      return `export default ${JSON.stringify(result.code.trim())};`;
    },
  };
}
