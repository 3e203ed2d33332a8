// Finds a Chromium for the browser tests and benchmarks; on Debian as root it can install the
// distribution's package (Playwright's own browser download is not reachable here).
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

export function findChromium({ install = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found || !install) return found;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || spawnSync("which", ["apt-get"]).status !== 0) return undefined;
  console.log("Instalando Chromium de Debian (apt-get install chromium)…");
  try {
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } catch {
    return undefined;
  }
  return CANDIDATES.find((p) => existsSync(p));
}
