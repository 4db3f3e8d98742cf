import { describe, expect, it } from "vitest";
import { copyHint, createPreambleFilter, dumpForPglite } from "../../src/cli/lib/dump-text";

// The start and end of a dump by pg_dump 18 (PGlite's), as it reaches `npm run restore`.
const dump = [
  "--",
  "-- PostgreSQL database dump",
  "--",
  "\\restrict abc123",
  "SET statement_timeout = 0;",
  "SET transaction_timeout = 0;",
  "SELECT pg_catalog.set_config('search_path', '', false);",
  "",
  "CREATE TABLE public.notes (",
  "    text text",
  ");",
  "INSERT INTO public.notes VALUES ('first line",
  "SET transaction_timeout = 0;",
  "\\unrestrict abc123');",
  "",
  "\\unrestrict abc123",
  "",
].join("\n");
const postgres15 = new Set(["statement_timeout", "search_path"]);

describe("preparing a dump for the target server", () => {
  it("leaves out only the preamble's settings the target does not know, and keeps psql's meta-commands for psql", () => {
    const lines = dump.split("\n");
    const kept = lines.filter(createPreambleFilter({ knownSettings: postgres15, forPsql: true }));
    expect(lines[5]).toBe("SET transaction_timeout = 0;");
    expect(kept).toEqual(lines.toSpliced(5, 1));
    const all = new Set([...postgres15, "transaction_timeout"]);
    expect(dump.split("\n").filter(createPreambleFilter({ knownSettings: all, forPsql: true }))).toEqual(dump.split("\n"));
  });

  it("gives PGlite plain SQL: no meta-commands around the dump, the quoted text untouched", () => {
    const sql = dumpForPglite(dump, postgres15);
    expect(sql).not.toContain("\\restrict");
    expect(sql).not.toContain("SET transaction_timeout = 0;\nSELECT");
    expect(sql).toContain("INSERT INTO public.notes VALUES ('first line\nSET transaction_timeout = 0;\n\\unrestrict abc123');\n");
    expect(sql.trimEnd().endsWith("\\unrestrict abc123');")).toBe(true);
  });

  it("explains a failed load by COPY rows, which only psql runs", () => {
    expect(copyHint("COPY public.notes (text) FROM stdin;\nhello\n\\.\n")).toContain("only psql runs");
    expect(copyHint(dump)).toBeUndefined();
  });
});
