import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// No container runtime or nginx runs here (tests/scale/nginx.test.ts runs nginx where it is installed): what the
// shipped deployment files must say, read as text.
const read = (file: string) => readFileSync(join(import.meta.dirname, "../..", file), "utf8");

/** The lines of one service in compose.yaml: from `  name:` to the next line at that indentation or less. */
function composeService(name: string): string[] {
  const lines = read("compose.yaml").split("\n");
  const start = lines.indexOf(`  ${name}:`);
  if (start === -1) throw new Error(`compose.yaml has no service ${name}`);
  const end = lines.findIndex((line, index) => index > start && /^ {0,2}\S/.test(line));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe("the shipped deployment files", () => {
  it("compose.yaml publishes the app on loopback only and requires PUBLIC_URL", () => {
    const app = composeService("app");
    const after = app.slice(app.findIndex((line) => line.trim() === "ports:") + 1).filter((line) => !/^\s*#/.test(line));
    const listEnd = after.findIndex((line) => !/^\s+- /.test(line));
    const ports = after.slice(0, listEnd === -1 ? undefined : listEnd);
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^\s+- "127\.0\.0\.1:/);
    expect(app).toContainEqual(expect.stringMatching(/^\s+PUBLIC_URL: \$\{PUBLIC_URL:\?.+\}$/));
  });

  it("nginx sets Host and X-Forwarded-Host itself, for every location", () => {
    const config = read("deploy/nginx.conf");
    expect(config).toMatch(/^ {8}proxy_set_header Host \$host;$/m);
    expect(config).toMatch(/^ {8}proxy_set_header X-Forwarded-Host \$host;$/m);
    // A location with a proxy_set_header of its own would inherit none of the server's.
    expect(config.match(/^ {12}proxy_set_header /gm)).toBeNull();
  });

  it("the image's DATA_DIR is private, as the server requires", () => {
    expect(read("Dockerfile")).toMatch(/^RUN mkdir -p \/data && chown node:node \/data && chmod 700 \/data$/m);
  });
});
