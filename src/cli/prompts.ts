// Operator command for the starting prompts and starter questions: `npm run prompts -- list | get ID | set ID FILE | history ID`.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { COMMAND_LINE_ACTOR, recordAudit } from "../server/audit/audit-log";
import { getPrompt, listPrompts, listPromptVersions, seedDefaultPrompts, setPrompt } from "../server/db/queries/prompts";
import { loadEnv } from "../server/env";
import { createLogger } from "../server/logger";
import { promptTextFor } from "../server/prompts/prompt-text";
import { MAX_STARTER_QUESTION_CHARS, MAX_STARTER_QUESTIONS } from "../shared/schemas/starter-questions";
import { exitWithUsage, parseCommandLine } from "./lib/args";
import { runCli } from "./lib/database";

const starterRule = `1 to ${MAX_STARTER_QUESTIONS} questions, one per line, each at most ${MAX_STARTER_QUESTION_CHARS} characters.`;
const usage = `Usage: npm run prompts -- COMMAND

Reads or replaces the prompts the server starts chats with, and the starter questions of an empty chat, in its
database (DATABASE_URL, or the embedded one in DATA_DIR). Each change is a new version; the operator dashboard shows and edits the same prompts.

Commands:
  list             every prompt: id, version, last change, first line
  get ID           print one prompt
  set ID FILE      replace a prompt with the text of FILE (a new version); for starter-questions-en and
                   starter-questions-de: ${starterRule}
  history ID       the versions of one prompt, newest first

Options:
  -h, --help       show this help`;

const id = z.string().min(1);
const argumentsSchema = z.union([
  z.tuple([z.literal("list")]),
  z.tuple([z.literal("get"), id]),
  z.tuple([z.literal("set"), id, z.string().min(1)]),
  z.tuple([z.literal("history"), id]),
]);
const parsedArguments = argumentsSchema.safeParse(parseCommandLine(usage, {}).positionals);
if (!parsedArguments.success) exitWithUsage(usage, "Give one of the commands below with its arguments.");
const command = parsedArguments.data;
const logger = createLogger(loadEnv().LOG_LEVEL);

await runCli(async (db) => {
  await seedDefaultPrompts({ db });
  if (command[0] === "list") {
    for (const row of await listPrompts({ db })) {
      console.log(`${row.id}\tv${row.version}\t${row.updatedAt.toISOString()}\t${row.prompt.split("\n")[0]?.slice(0, 80)}`);
    }
  } else if (command[0] === "get") {
    const row = await getPrompt({ db, id: command[1] });
    if (!row) throw new Error(`no prompt with id "${command[1]}"`);
    process.stdout.write(`${row.prompt}\n`);
  } else if (command[0] === "set") {
    const [, promptId, file] = command;
    const text = promptTextFor(promptId, readFileSync(file, "utf8").trim());
    if (!text.success) throw new Error(`${file}: ${text.issues.map((issue) => issue.message).join(" ")} ${starterRule}`);
    const prompt = text.prompt;
    if (!prompt) throw new Error(`${file} is empty`);
    const row = await setPrompt({ db, id: promptId, prompt, changedBy: COMMAND_LINE_ACTOR });
    const details = { prompt: promptId, version: row.version };
    await recordAudit({ db, logger, event: { action: "prompt-changed", actorLabel: COMMAND_LINE_ACTOR, details } });
    console.log(`prompt "${promptId}" updated to version ${row.version} (${prompt.length} characters)`);
  } else {
    for (const row of await listPromptVersions({ db, id: command[1] })) {
      console.log(`v${row.version}\t${row.createdAt.toISOString()}\t${row.changedBy}\t${row.prompt.split("\n")[0]?.slice(0, 60)}`);
    }
  }
  return 0;
});
