// The PGlite worker thread: owns the embedded database and runs what the server's thread asks, so PostgreSQL's
// work (in WebAssembly, synchronous) never holds up the event loop that streams replies.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { withBaselineWasm } from "./wasm";
import { type PgliteWorkerData, toWorkerError, type WorkerMessage, type WorkerRequest } from "./worker-protocol";

if (!parentPort) throw new Error("pglite/worker.ts runs as a worker thread (see worker-client.ts)");
const port = parentPort;
const { dataDir, postgresqlconf } = workerData as PgliteWorkerData;
const send = (message: WorkerMessage) => port.postMessage(message);

interface OpenTransaction {
  tx: Transaction;
  decide: (commit: boolean) => void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();
let nextTxId = 1;

/** Identity parsers for the types whose text goes back unparsed. */
const rawParsers = (types: number[]) => Object.fromEntries(types.map((type) => [type, (value: string) => value]));

async function handle(db: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const target = request.txId === undefined ? db : transactionOf(request.txId).tx;
      return target.query(request.sql, request.params, { rowMode: request.rowMode, parsers: rawParsers(request.rawTypes) });
    }
    case "exec":
      return (request.txId === undefined ? db : transactionOf(request.txId).tx).exec(request.sql);
    case "begin":
      return begin(db);
    case "end": {
      const open = transactionOf(request.txId);
      transactions.delete(request.txId);
      open.decide(request.commit);
      await open.done;
      return null;
    }
    case "listen": {
      if (!unlisteners.has(request.channel)) {
        const unlisten = await db.listen(request.channel, (payload) => send({ kind: "notice", channel: request.channel, payload }));
        unlisteners.set(request.channel, unlisten);
      }
      return null;
    }
    case "unlisten": {
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    }
    case "close":
      await db.close();
      return null;
  }
}

function transactionOf(txId: number): OpenTransaction {
  const open = transactions.get(txId);
  if (!open) throw new Error(`no open transaction ${txId}`);
  return open;
}

/** Opens a transaction (waiting for any other to end, as PGlite does) and holds it until `end` decides. */
function begin(db: PGlite): Promise<number> {
  const txId = nextTxId++;
  return new Promise((resolveBegin, rejectBegin) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const done = db.transaction(async (tx) => {
      transactions.set(txId, { tx, decide, done });
      resolveBegin(txId);
      if (!(await decided)) await tx.rollback();
    });
    // A failed BEGIN never reaches the callback; a failed COMMIT is reported to `end`, which awaits `done`.
    done.catch((error: unknown) => {
      if (!transactions.has(txId)) rejectBegin(error);
    });
  });
}

try {
  const db = await withBaselineWasm(() => PGlite.create({ dataDir, relaxedDurability: false, postgresqlconf }));
  port.on("message", (message: { id: number; request: WorkerRequest }) => {
    handle(db, message.request)
      .then((value) => send({ kind: "reply", id: message.id, ok: true, value }))
      // A failed query, or a result that cannot be copied to the other thread (then the query itself has run).
      .catch((error: unknown) => send({ kind: "reply", id: message.id, ok: false, error: toWorkerError(error) }));
  });
  send({ kind: "ready" });
} catch (error) {
  send({ kind: "failed", error: toWorkerError(error) });
}
