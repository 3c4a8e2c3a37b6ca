import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* Announcements on the wire (spec §3 Announcement, §7): dates are unix seconds. */

const TITLE = "Title is required";
const TEXT = "Text is required";
const START = "Start date is required";
const END = "End date is required";
/** Unix seconds up to the year 2100: far enough for any plan, refuses milliseconds sent by mistake. */
const MAX_UNIX = 4_102_444_800;

const unixSeconds = (message: string) =>
  z.number({ error: message }).int("Dates are whole unix seconds").min(0, message).max(MAX_UNIX, "Dates are unix seconds, not milliseconds");

const fields = z.object({
  title: z.string({ error: TITLE }).trim().min(1, TITLE).max(200, "Title must be at most 200 characters"),
  text: z.string({ error: TEXT }).trim().min(1, TEXT).max(5000, "Text must be at most 5000 characters"),
  startDate: unixSeconds(START),
  endDate: unixSeconds(END),
});

const datesInOrder = <T extends { startDate: number; endDate: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date" });
};

export const createAnnouncementBody = fields.superRefine(datesInOrder);
export const updateAnnouncementBody = fields.extend({ id: idSchema("Announcement id must be a positive whole number") }).superRefine(datesInOrder);
export const announcementIdQuery = z.object({ id: idSchema("Announcement id must be a positive whole number") });
export const announcementsQuery = z.object({
  tenantsId: idSchema("Tenant id must be a positive whole number").optional().describe("The caller's own tenant (the spec's parameter); any other answers 404"),
});
export type AnnouncementInput = z.infer<typeof createAnnouncementBody>;

const announcement = z.object({
  id: z.number().int(),
  tenantsId: z.number().int(),
  title: z.string(),
  text: z.string(),
  startDate: z.number().int().describe("Unix seconds"),
  endDate: z.number().int().describe("Unix seconds"),
  createdAt: z.number().int().describe("Unix seconds"),
  status: z.enum(["upcoming", "active", "past"]).nullable().describe("By the current time (spec §4); null when the dates allow none"),
  color: z.enum(["green", "blue", "orange", "dark"]).describe("The status's colour: upcoming green, active blue, past orange, otherwise dark"),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementsResponse = z.object({ announcements: z.array(announcement) });
export const announcementChangedResponse = z.object({ announcement, message: z.string() });
export const announcementDeletedResponse = z.object({ message: z.string() });
