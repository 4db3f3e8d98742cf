/** What every benchmark section gets: the scale, a scratch folder and a log line printer. */
export interface BenchContext {
  quick: boolean;
  /** Scratch folder of this run (server data dirs, server logs); removed at the end. */
  tmp: string;
  /** The server's log file (JSON lines), kept in tmp. */
  serverLog: string;
  log: (line: string) => void;
  /** Query plans printed by the history section, for latest.md. */
  plans: { label: string; query: string; plan: string; indexed: boolean }[];
}
