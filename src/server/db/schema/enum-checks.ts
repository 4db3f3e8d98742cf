import { getTableName, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, check } from "drizzle-orm/pg-core";

// CHECK constraints built from the tuples in src/shared/values.ts, so that the database refuses a value the code
// does not know. Changing a tuple changes the constraint, and `npm run db:generate` writes the migration for it.

const literals = (values: readonly string[]) => sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "));
const nameOf = (column: AnyPgColumn) => `${getTableName(column.table)}_${column.name}_check`;

/** The column holds one of `values` (or null, where it may be null). */
export function oneOf(column: AnyPgColumn, values: readonly string[]) {
  const known: SQL = sql`${column} in (${literals(values)})`;
  return check(nameOf(column), column.notNull ? known : sql`${column} is null or ${known}`);
}

/** Every element of the array column is one of `values`. */
export function eachOf(column: AnyPgColumn, values: readonly string[]) {
  return check(nameOf(column), sql`${column} <@ array[${literals(values)}]::text[]`);
}
