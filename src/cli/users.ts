// Operator command: `npm run users -- show | disable | enable | grant-operator | revoke-operator EMAIL`.
import { z } from "zod";
import { COMMAND_LINE_ACTOR, recordAudit } from "../server/audit/audit-log";
import { getAccountRole, setOperatorGrant } from "../server/db/queries/operators";
import { findUserByEmail, setUserDisabled } from "../server/db/queries/users";
import { loadEnv } from "../server/env";
import { hasOperatorGrant, isOperator } from "../server/http/operator";
import { createLogger } from "../server/logger";
import { exitWithUsage, parseCommandLine } from "./lib/args";
import { runCli } from "./lib/database";

const usage = `Usage: npm run users -- COMMAND EMAIL

Shows or changes one account in the server's database (DATABASE_URL, or the embedded one in DATA_DIR).
Prints: e-mail, enabled|disabled, verified|unverified, operator|user.

Commands:
  show EMAIL             print the account
  disable EMAIL          refuse its sign-ins and end its sessions
  enable EMAIL           allow its sign-ins again
  grant-operator EMAIL   give it the operator role (takes effect once its e-mail address is confirmed and its
                         owner has then set a password through a mailed link)
  revoke-operator EMAIL  take the role back (addresses in OPERATOR_EMAILS stay operators)

Options:
  -h, --help             show this help`;

const argumentsSchema = z.tuple([z.enum(["show", "disable", "enable", "grant-operator", "revoke-operator"]), z.string().min(1)]);
const parsedArguments = argumentsSchema.safeParse(parseCommandLine(usage, {}).positionals);
if (!parsedArguments.success) exitWithUsage(usage, "Give one command and one e-mail address.");
const [chosen, email] = parsedArguments.data;
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);

const auditAction = {
  disable: "user-disabled",
  enable: "user-enabled",
  "grant-operator": "operator-granted",
  "revoke-operator": "operator-revoked",
} as const;

await runCli(async (db) => {
  const user = await findUserByEmail({ db, email });
  if (!user) throw new Error(`no user with the e-mail ${email}`);
  if (chosen === "disable" || chosen === "enable") await setUserDisabled({ db, userId: user.id, disabled: chosen === "disable" });
  if (chosen === "grant-operator" || chosen === "revoke-operator") {
    await setOperatorGrant({ db, userId: user.id, granted: chosen === "grant-operator" });
  }
  if (chosen !== "show") {
    const event = { action: auditAction[chosen], actorLabel: COMMAND_LINE_ACTOR, targetUserId: user.id, targetLabel: user.email };
    await recordAudit({ db, logger, event });
  }
  const account = await getAccountRole({ db, userId: user.id });
  if (!account) throw new Error(`no user with the e-mail ${email}`);
  const operator = isOperator(env.OPERATOR_EMAILS, account);
  console.log(
    [
      account.email,
      account.disabledAt ? "disabled" : "enabled",
      account.emailVerified ? "verified" : "unverified",
      operator ? "operator" : "user",
    ].join("\t"),
  );
  // The role needs the mailbox owner's password: whoever signed up first with the address chose the one they know.
  if (hasOperatorGrant(env.OPERATOR_EMAILS, account) && !operator && !account.disabledAt) {
    console.error(
      account.emailVerified
        ? "The role takes effect once its owner sets a password through a mailed link (“Forgot password” on the sign-in page)."
        : "The role takes effect once this e-mail address is confirmed (the link mailed at sign-up, or “send again” in the app) and its owner then sets a password through the link mailed at confirmation.",
    );
  }
  if (chosen === "revoke-operator" && operator) {
    console.error("Still an operator: this address is listed in OPERATOR_EMAILS. Remove it there and restart the server.");
  }
  return 0;
});
