import { describe, expect, it } from "vitest";
import { areaLinks, cutName, supportUrl, ADMIN_SUPPORT_URL, SUPPORT_URL } from "@/lib/shell/header";
import { collectionStatus, completionPercent, overallCompletion, toProgress } from "@/lib/dashboards/completion";
import { deniedMessage, NOT_FOUND_TEXT } from "@/lib/shell/messages";

describe("header names", () => {
  it("keeps names up to 15 characters and cuts longer ones to 14 plus an ellipsis", () => {
    expect(cutName("Fifteen-Chars-X")).toBe("Fifteen-Chars-X");
    expect(cutName("Sixteen-Chars-XY")).toBe("Sixteen-Chars-…");
    expect(cutName("")).toBe("");
  });
});

describe("header area links", () => {
  it("offers each held area except the current one, in the spec's order", () => {
    const all = ["ROLE_TEACHER", "ROLE_ADMIN", "ROLE_SYSTEM_ADMIN"] as const;
    expect(areaLinks(all, "system").map((l) => l.label)).toEqual(["Administration", "Teacher"]);
    expect(areaLinks(all, "teacher").map((l) => [l.label, l.href])).toEqual([
      ["Administration", "/administrator/dashboard"],
      ["System Settings", "/system/dashboard"],
    ]);
    expect(areaLinks(["ROLE_TEACHER"], "teacher")).toEqual([]);
    expect(areaLinks(["ROLE_TRAINER"], null)).toEqual([]);
  });

  it("gives administrators their own support link", () => {
    expect(supportUrl("ROLE_ADMIN", "administrator")).toBe(ADMIN_SUPPORT_URL);
    expect(supportUrl("ROLE_ADMIN", null)).toBe(ADMIN_SUPPORT_URL);
    expect(supportUrl("ROLE_ADMIN", "teacher")).toBe(SUPPORT_URL);
    expect(supportUrl("ROLE_TEACHER", null)).toBe(SUPPORT_URL);
  });
});

describe("shell texts", () => {
  it("words the permission and unknown-path messages as the spec does", () => {
    expect(deniedMessage("/system")).toBe("You don't have enough permissions to view '/system' page");
    expect(NOT_FOUND_TEXT).toBe("Should you be here? Please enter a valid address");
  });
});

describe("completion arithmetic", () => {
  it("divides scored by expected, capped at 100 and 0 when nothing is expected", () => {
    expect(completionPercent(6, 12)).toBe(50);
    expect(completionPercent(1, 3)).toBe(33.3);
    expect(completionPercent(5, 4)).toBe(100);
    expect(completionPercent(0, 0)).toBe(0);
  });

  it("tells upcoming, open and closed windows apart", () => {
    const start = new Date("2025-09-01T00:00:00Z");
    const end = new Date("2025-10-10T00:00:00Z");
    expect(collectionStatus(start, end, new Date("2025-08-31T00:00:00Z"))).toBe("Upcoming");
    expect(collectionStatus(start, end, new Date("2025-09-15T00:00:00Z"))).toBe("Open");
    expect(collectionStatus(start, end, new Date("2025-10-11T00:00:00Z"))).toBe("Closed");
  });

  it("weights overall completion by what each collection expects", () => {
    const now = new Date("2025-09-15T00:00:00Z");
    const row = (students: number, items: number, scored: number) =>
      toProgress(
        {
          id: 1,
          name: "c",
          assessment_name: "a",
          taxonomy: "SUMMATIVE",
          school_year: "y",
          cycle_start_date: "2025-09-01",
          cycle_end_date: "2025-10-01",
          students: String(students),
          items,
          scored,
        },
        now,
      );
    expect(overallCompletion([row(10, 10, 100), row(30, 10, 0)])).toBe(25);
    expect(row(1, 1, 1).family).toBe("KRA");
  });
});
