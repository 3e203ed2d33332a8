/**
 * React islands (ADR 008): each `<name>.client.tsx` under a feature folder (app/features/<feature>/) is bundled on its own (React DOM and the
 * island's components, nothing of React Router), and `virtual:islands` tells the server render where
 * each entry and its chunks are, so a prerendered page can load exactly one island after its first paint.
 * Built once per `vite build`, inside the client environment's build, and emitted into its assets.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

export interface IslandAsset {
  /** URL of the entry module. */
  entry: string;
  /** URLs of the chunks the entry imports, to preload alongside it. */
  imports: string[];
}

const VIRTUAL = "virtual:islands";
const RESOLVED = `\0${VIRTUAL}`;
// Islands are `.client.tsx`; a script without React that loads the same way (the field-speed beacon) is `.client.ts`.
const SUFFIX = /\.client\.tsx?$/;

export function islands({ root, dir, define = {} }: { root: string; dir: string; define?: Record<string, string> }): Plugin {
  // Each feature keeps its own islands (app/features/<feature>/<name>.client.tsx); names are unique site-wide.
  const entries = () =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => SUFFIX.test(file))
        .map((file) => [path.basename(file).replace(SUFFIX, ""), path.join(dir, file)]),
    );
  let command: "build" | "serve" = "build";
  let built: Promise<{ manifest: Record<string, IslandAsset>; files: Rolldown.OutputChunk[] }> | undefined;

  async function buildIslands() {
    const result = (await build({
      configFile: false,
      root,
      mode: "production",
      logLevel: "warn",
      resolve: { alias: { "~": path.join(root, "app") } },
      define: { "process.env.NODE_ENV": JSON.stringify("production"), ...define },
      oxc: { jsx: { runtime: "automatic" } },
      build: {
        write: false,
        emptyOutDir: false,
        modulePreload: false,
        copyPublicDir: false,
        rolldownOptions: {
          input: entries(),
          output: { entryFileNames: "assets/island-[name]-[hash].js", chunkFileNames: "assets/island-[name]-[hash].js" },
        },
      },
    })) as Rolldown.RolldownOutput;
    const files = result.output.filter((o): o is Rolldown.OutputChunk => o.type === "chunk");
    const manifest: Record<string, IslandAsset> = {};
    for (const chunk of files) {
      if (!chunk.isEntry) continue;
      manifest[chunk.name] = { entry: `/${chunk.fileName}`, imports: chunk.imports.map((f) => `/${f}`) };
    }
    return { manifest, files };
  }

  return {
    name: "site-islands",
    sharedDuringBuild: true,
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return;
      if (command === "serve") {
        // The dev server compiles each island's source on request.
        const manifest = Object.fromEntries(Object.entries(entries()).map(([name, file]) => [name, { entry: `/${path.relative(root, file)}`, imports: [] }]));
        return `export default ${JSON.stringify(manifest)};`;
      }
      built ??= buildIslands();
      return `export default ${JSON.stringify((await built).manifest)};`;
    },
    async generateBundle() {
      if (command !== "build" || this.environment.name !== "client") return;
      built ??= buildIslands();
      for (const chunk of (await built).files) this.emitFile({ type: "asset", fileName: chunk.fileName, source: chunk.code });
    },
  };
}
