import { describe, expect, it } from "vitest";
import { groupChats, groupOf } from "./chat-groups";

// Local times: the groups follow the user's calendar days, whatever the time zone the tests run in.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const now = new Date(2026, 10, 28, 0, 30);

describe("the history's date groups", () => {
  it("puts a chat in today, yesterday, the previous 7 days or older by the local calendar day", () => {
    expect(groupOf({ pinned: false, updatedAt: at(28, 0, 1) }, now)).toBe("today");
    expect(groupOf({ pinned: false, updatedAt: at(27, 23, 59) }, now)).toBe("yesterday");
    expect(groupOf({ pinned: false, updatedAt: at(27, 0, 0) }, now)).toBe("yesterday");
    expect(groupOf({ pinned: false, updatedAt: at(26, 23, 59) }, now)).toBe("previous7Days");
    expect(groupOf({ pinned: false, updatedAt: at(21, 0, 0) }, now)).toBe("previous7Days");
    expect(groupOf({ pinned: false, updatedAt: at(20, 23, 59) }, now)).toBe("older");
  });

  it("puts pinned chats first whatever their date, leaves empty groups out and keeps each chat's list position", () => {
    const chats = [
      { id: "a", pinned: true, updatedAt: at(1, 9) },
      { id: "b", pinned: false, updatedAt: at(28, 0, 10) },
      { id: "c", pinned: false, updatedAt: at(2, 9) },
    ];
    const groups = groupChats(chats, now);
    expect(groups.map(({ group }) => group)).toEqual(["pinned", "today", "older"]);
    expect(groups.map(({ chats }) => chats.map(({ chat, index }) => `${chat.id}${index}`))).toEqual([["a0"], ["b1"], ["c2"]]);
  });
});
