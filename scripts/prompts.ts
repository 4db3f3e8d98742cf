// Operator command for the starting prompts: `npm run prompts -- list | get ID | set ID FILE`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { getPrompt, listPrompts, seedDefaultPrompts, setPrompt } from "../src/server/db/queries/prompts";
import { loadEnv } from "../src/server/env";

const [command, id, file] = process.argv.slice(2);
const usage = "usage: npm run prompts -- list | get ID | set ID FILE";
const env = loadEnv();
const database = env.DATABASE_URL
  ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 1 })
  : await openDatabase({ kind: "pglite", dataDir: resolve(env.DATA_DIR, "pglite") });

try {
  await seedDefaultPrompts({ db: database.db });
  if (command === "list") {
    for (const row of await listPrompts({ db: database.db })) {
      console.log(`${row.id}\t${row.updatedAt.toISOString()}\t${row.prompt.split("\n")[0]?.slice(0, 80)}`);
    }
  } else if (command === "get" && id) {
    const row = await getPrompt({ db: database.db, id });
    if (!row) throw new Error(`no prompt with id "${id}"`);
    process.stdout.write(`${row.prompt}\n`);
  } else if (command === "set" && id && file) {
    const prompt = readFileSync(file, "utf8").trim();
    if (!prompt) throw new Error(`${file} is empty`);
    await setPrompt({ db: database.db, id, prompt });
    console.log(`prompt "${id}" updated (${prompt.length} characters)`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
