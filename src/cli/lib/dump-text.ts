// A plain SQL dump as pg_dump writes it: a preamble of session settings, the statements, and (since pg_dump 17.6,
// 16.10, 15.14) the psql meta-commands `\restrict KEY` in the preamble and `\unrestrict KEY` at the end.

const metaCommand = /^\\(un)?restrict \w+$/;

/**
 * A line filter for a dump's preamble. It leaves out settings the target server does not know: a dump of a newer
 * server (PGlite is PostgreSQL 18) sets e.g. transaction_timeout, which PostgreSQL before 17 rejects, stopping the
 * restore; they only tune the restoring session (timeouts, to their defaults), never the data. It keeps psql's
 * meta-commands only for psql. Every line after the preamble passes.
 */
export function createPreambleFilter({ knownSettings, forPsql }: { knownSettings: ReadonlySet<string>; forPsql: boolean }) {
  let inPreamble = true;
  return (line: string): boolean => {
    if (!inPreamble) return true;
    const setting = /^SET (\w+) = .*;$/.exec(line)?.[1];
    if (setting) return knownSettings.has(setting);
    if (metaCommand.test(line)) return forPsql;
    if (line !== "" && !line.startsWith("--") && !line.startsWith("SELECT pg_catalog.set_config(")) inPreamble = false;
    return true;
  };
}

/**
 * The dump as SQL that PGlite runs in one exec: the preamble filtered and the closing `\unrestrict` removed (only
 * psql knows those).
 */
export function dumpForPglite(dump: string, knownSettings: ReadonlySet<string>): string {
  const lines = dump.split("\n").filter(createPreambleFilter({ knownSettings, forPsql: false }));
  const last = lines.findLastIndex((line) => line.trim() !== "");
  if (last >= 0 && metaCommand.test(lines[last] ?? "")) lines.splice(last, 1);
  return lines.join("\n");
}

/**
 * Why PGlite could not load a dump, when it looks like one made by pg_dump without --inserts: rows loaded with
 * `COPY … FROM stdin` need psql. Only a hint: such a line inside a quoted text would match too, which is why the
 * dump is tried rather than refused up front.
 */
export function copyHint(dump: string): string | undefined {
  if (!/^COPY \S+ \([^)]*\) FROM stdin;$/m.test(dump)) return undefined;
  return "This dump loads its rows with COPY … FROM stdin, which only psql runs: restore it into PostgreSQL (DATABASE_URL), or make it with pg_dump --inserts.";
}
