/**
 * A copy of the project (sources and the current build, times kept; node_modules linked) in a temporary
 * folder, for a server whose configuration makes it rebuild: the rebuild then touches only the copy, never
 * the build that this checkout's other servers are serving (their pages name its hashed assets).
 */
import { cpSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ENTRIES = [
  "app",
  "content",
  "public",
  "server",
  "scripts",
  "vite",
  "build",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

export function copyProject(prefix: string): string {
  const root = path.resolve(import.meta.dirname, "../..");
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  for (const entry of ENTRIES) cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}
