import { describe, expect, it } from "vitest";
import { notificationHref } from "@/lib/notifications/links";

/** Each notification type leads to the page of what it is about; without its ids, nowhere. */
describe("notificationHref", () => {
  it("sends an admin report to the reports page and a teacher's to its collection's reports", () => {
    expect(notificationHref("report", { reportId: 1, kind: "kra.ssr", dataCollectionId: 4 }, "administrator")).toBe("/administrator/reports");
    expect(notificationHref("report", { reportId: 1, kind: "exportstudents", dataCollectionId: null }, "administrator")).toBe("/administrator/reports");
    expect(notificationHref("report", { reportId: 2, kind: "domain-data", dataCollectionId: 4 }, "teacher")).toBe("/teacher/collections/4/reports");
    expect(notificationHref("report", { reportId: 2, kind: "domain-data" }, "teacher")).toBeNull();
    // Without its kind, by where the person works.
    expect(notificationHref("report", { dataCollectionId: 4 }, "administrator")).toBe("/administrator/reports");
    expect(notificationHref("report", { dataCollectionId: 4 }, "teacher")).toBe("/teacher/collections/4/reports");
  });

  it("sends a collection's news to its scoring screen or its admin profile", () => {
    expect(notificationHref("collection", { dataCollectionId: 6 }, "teacher")).toBe("/teacher/collections/6/scoring");
    expect(notificationHref("collection", { dataCollectionId: 6 }, "administrator")).toBe("/administrator/collections/6/profile/details");
    expect(notificationHref("collection", {}, "teacher")).toBeNull();
  });

  it("sends ISRs to the admin ISR page or the teacher's collection, by where the person works", () => {
    expect(notificationHref("isr", { outputId: 3, dataCollectionId: 9 }, "administrator")).toBe("/administrator/isr");
    expect(notificationHref("isr", { outputId: 3, dataCollectionId: 9 }, "teacher")).toBe("/teacher/collections/9/reports");
    expect(notificationHref("isr", { outputId: 3 }, "teacher")).toBeNull();
  });

  it("sends announcements to the announcements page of the person's area", () => {
    expect(notificationHref("announcement", { announcementId: 5 }, "teacher")).toBe("/teacher/announcements");
    expect(notificationHref("announcement", { announcementId: 5 }, "administrator")).toBe("/administrator/announcements");
    expect(notificationHref("announcement", { announcementId: 5 }, "system")).toBeNull();
  });

  it("sends score sheets, bulk loads, transfers, OneRoster loads and feed runs to their pages", () => {
    expect(notificationHref("score-sheet", { scoreSheetId: 1, dataCollectionId: 7 }, "teacher")).toBe("/teacher/collections/7/students");
    expect(notificationHref("bulk_load", { bulkLoadId: 8 }, "administrator")).toBe("/administrator/bulk-loads");
    expect(notificationHref("transfer", { transferId: 2 }, "administrator")).toBe("/administrator/transfers");
    expect(notificationHref("oneroster", { oneRosterLoadId: 12 }, "administrator")).toBe("/administrator/oneroster?load=12");
    expect(notificationHref("oneroster", {}, "administrator")).toBe("/administrator/oneroster");
    expect(notificationHref("district_feed", { regionId: 1, districtId: 2, runId: 3 }, "administrator")).toBe(
      "/administrator/organizations/regions/1/district/2/profile/details",
    );
    expect(notificationHref("district_feed", { districtId: 2 }, "administrator")).toBeNull();
  });

  it("gives no link for an unknown type or ids that are not positive whole numbers", () => {
    expect(notificationHref("message", {}, "teacher")).toBeNull();
    expect(notificationHref("score-sheet", { dataCollectionId: "7" }, "teacher")).toBeNull();
    expect(notificationHref("score-sheet", { dataCollectionId: -1 }, "teacher")).toBeNull();
    expect(notificationHref("score-sheet", { dataCollectionId: 1.5 }, "teacher")).toBeNull();
  });
});
