import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data dir that every test app loads (see test-app.ts). */
    pgliteTemplatePath?: string;
  }
}

/** Runs once per `vitest run`: creating and migrating PGlite takes seconds, loading a dump does not. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "health-chat-pglite-template-"));
  const file = join(dir, "template.tar");
  const template = await PGlite.create();
  try {
    await openDatabase({ kind: "pglite", instance: template });
    const dump = await template.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await template.close();
  }
  project.provide("pgliteTemplatePath", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
