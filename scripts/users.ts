// Operator command: `npm run users -- disable EMAIL | enable EMAIL | show EMAIL`.
import { findUserByEmail, setUserDisabled } from "../src/server/db/queries/users";
import { runCli } from "./lib/cli-database";

const [command, email] = process.argv.slice(2);
const usage = "usage: npm run users -- disable EMAIL | enable EMAIL | show EMAIL";

await runCli(async (db) => {
  if (!email || !["disable", "enable", "show"].includes(command ?? "")) {
    console.error(usage);
    return 2;
  }
  const user = await findUserByEmail({ db, email });
  if (!user) throw new Error(`no user with the e-mail ${email}`);
  const result = command === "show" ? user : await setUserDisabled({ db, userId: user.id, disabled: command === "disable" });
  console.log(`${result?.email}\t${result?.disabled ? "disabled" : "enabled"}`);
  return 0;
});
