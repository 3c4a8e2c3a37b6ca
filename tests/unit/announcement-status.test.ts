import { describe, expect, it } from "vitest";
import { announcementStatus } from "@/lib/announcements/status";

const at = (day: number) => new Date(Date.UTC(2026, 0, day));

describe("announcement status by the current time (spec §4)", () => {
  it("is upcoming before start and end, active between them, past after both", () => {
    expect(announcementStatus(at(10), at(20), at(5))).toBe("upcoming");
    expect(announcementStatus(at(10), at(20), at(10))).toBe("active");
    expect(announcementStatus(at(10), at(20), at(15))).toBe("active");
    expect(announcementStatus(at(10), at(20), at(20))).toBe("active");
    expect(announcementStatus(at(10), at(20), at(25))).toBe("past");
  });

  it("is undefined when the dates are out of order and now lies between them", () => {
    expect(announcementStatus(at(20), at(10), at(15))).toBeUndefined();
  });
});
