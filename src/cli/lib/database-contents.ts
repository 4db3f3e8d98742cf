/** Runs one SQL statement and returns its rows (PGlite's and node-postgres's query, adapted). */
export type Query = <T>(text: string) => Promise<T[]>;

// Schemas PostgreSQL itself owns (pg_catalog, pg_toast, pg_temp_*, information_schema) are never touched.
const ownSchema = `n.nspname <> 'information_schema' and n.nspname not like 'pg\\_%'`;

/** Tables, sequences and views outside PostgreSQL's own schemas, not counting extensions' own: none in an empty database. */
export async function listRelations(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and ${ownSchema}
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
     order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The settings this server knows, to leave out those a dump from a newer server sets (see dump-text.ts). */
export async function knownSettings(query: Query): Promise<Set<string>> {
  return new Set((await query<{ name: string }>("select name from pg_settings")).map((row) => row.name));
}

/** SQL that empties the database: every schema but PostgreSQL's own is dropped, then an empty `public` made. */
export async function wipeStatements(query: Query): Promise<string> {
  const schemas = await query<{ name: string }>(`select n.nspname as name from pg_namespace n where ${ownSchema} order by 1`);
  const drops = schemas.map(({ name }) => `DROP SCHEMA "${name.replaceAll('"', '""')}" CASCADE;\n`);
  return `${drops.join("")}CREATE SCHEMA public;\n`;
}

/** Refuses a restore into a database that already holds something, unless the operator asked to replace it. */
export async function ensureRestorable(query: Query, { force, where }: { force: boolean; where: string }): Promise<void> {
  const relations = await listRelations(query);
  if (relations.length === 0 || force) return;
  const shown = relations.slice(0, 3).join(", ") + (relations.length > 3 ? ", …" : "");
  throw new Error(
    [
      `${where} already holds data (${relations.length} tables, sequences or views: ${shown}).`,
      "restore loads a dump into an empty database only. Point it at a new one (DATA_DIR or DATABASE_URL), or, to",
      "replace everything in this one, stop the server and run it again with --force.",
    ].join("\n"),
  );
}
