// A cheap fingerprint of everything the build reads: paths, sizes and modification times, and the
// environment that the prerendered pages depend on.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = ["app", "content", "public", "server", "scripts", "package-lock.json", "react-router.config.ts", "vite.config.ts"];

export function sourcesStamp(root = process.cwd()) {
  const hash = createHash("sha256");
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file).sort()) visit(path.join(file, entry));
    } else {
      hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) visit(path.join(root, input));
  if (process.env.SITE_CONFIG) visit(path.resolve(process.env.SITE_CONFIG));
  // Prerendered pages carry the configured phone: a new number means a new build at the next start.
  hash.update(`CONTACT_PHONE=${process.env.CONTACT_PHONE ?? ""}\n`);
  return hash.digest("hex");
}
