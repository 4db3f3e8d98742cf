import { createHash } from "node:crypto";
import type { CSSModulesOptions } from "vite";

/**
 * Class names of the CSS Modules (`*.module.css`, next to their components): readable while developing, and in the
 * build a short name from a hash of the file and the class, so the scoping costs the bundle next to nothing.
 */
function scopedName(local: string, file: string): string {
  const path = file
    .replace(/\\/g, "/")
    .replace(/^.*\/src\/web\//, "")
    .replace(/\?.*$/, "");
  return `_${createHash("sha256").update(`${path}:${local}`).digest("base64url").replace(/[-_]/g, "").slice(0, 5)}`;
}

/** The web build's and the server build's (which renders the same screens) options: the same names in both. */
export function cssModules(command: "build" | "serve"): CSSModulesOptions {
  return { localsConvention: "camelCaseOnly", ...(command === "build" ? { generateScopedName: scopedName } : {}) };
}
