import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirNotPrivateError, ensurePrivateDataDir, makeTreePrivate } from "./private-files";

const modeOf = (path: string) => statSync(path).mode & 0o777;
let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));
const newFolder = () => {
  folder = mkdtempSync(join(tmpdir(), "health-chat-private-"));
  return folder;
};

describe.skipIf(process.platform === "win32")("private files", () => {
  it("creates DATA_DIR 0700, and refuses an open one with the chmod to run, quoted for the shell", () => {
    const created = join(newFolder(), "new data");
    ensurePrivateDataDir(created);
    expect(modeOf(created)).toBe(0o700);
    chmodSync(created, 0o750);
    expect(() => ensurePrivateDataDir(created)).toThrow(DataDirNotPrivateError);
    expect(() => ensurePrivateDataDir(created)).toThrow(`chmod 700 '${created}'`);
  });

  it("takes group and others' bits off a tree, and leaves a link's target alone", () => {
    const tree = join(newFolder(), "pglite");
    mkdirSync(join(tree, "pg_wal"), { recursive: true, mode: 0o755 });
    writeFileSync(join(tree, "pg_wal", "000000010000000000000001"), "wal", { mode: 0o666 });
    const outside = join(folder, "not-ours");
    writeFileSync(outside, "", { mode: 0o644 });
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(tree, "link"));
    chmodSync(tree, 0o755);
    chmodSync(join(tree, "pg_wal"), 0o755);
    chmodSync(join(tree, "pg_wal", "000000010000000000000001"), 0o666);

    makeTreePrivate(tree);
    expect([tree, join(tree, "pg_wal")].map(modeOf)).toEqual([0o700, 0o700]);
    expect(modeOf(join(tree, "pg_wal", "000000010000000000000001"))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
  });
});
