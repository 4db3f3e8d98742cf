// Operator command for the starting prompts: `npm run prompts -- list | get ID | set ID FILE | history ID`.
import { readFileSync } from "node:fs";
import { getPrompt, listPrompts, listPromptVersions, seedDefaultPrompts, setPrompt } from "../src/server/db/queries/prompts";
import { runCli } from "./lib/cli-database";

const [command, id, file] = process.argv.slice(2);
const usage = "usage: npm run prompts -- list | get ID | set ID FILE | history ID";

await runCli(async (db) => {
  await seedDefaultPrompts({ db });
  if (command === "list") {
    for (const row of await listPrompts({ db })) {
      console.log(`${row.id}\tv${row.version}\t${row.updatedAt.toISOString()}\t${row.prompt.split("\n")[0]?.slice(0, 80)}`);
    }
  } else if (command === "get" && id) {
    const row = await getPrompt({ db, id });
    if (!row) throw new Error(`no prompt with id "${id}"`);
    process.stdout.write(`${row.prompt}\n`);
  } else if (command === "set" && id && file) {
    const prompt = readFileSync(file, "utf8").trim();
    if (!prompt) throw new Error(`${file} is empty`);
    const row = await setPrompt({ db, id, prompt, changedBy: "command line" });
    console.log(`prompt "${id}" updated to version ${row.version} (${prompt.length} characters)`);
  } else if (command === "history" && id) {
    for (const row of await listPromptVersions({ db, id })) {
      console.log(`v${row.version}\t${row.createdAt.toISOString()}\t${row.changedBy}\t${row.prompt.split("\n")[0]?.slice(0, 60)}`);
    }
  } else {
    console.error(usage);
    return 2;
  }
  return 0;
});
