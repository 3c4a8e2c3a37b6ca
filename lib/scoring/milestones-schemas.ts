import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { capturedMilestone } from "./history-schemas";

const id = (label: string) => idSchema(`${label} must be a positive whole number`);

export const activeMilestonesQuery = z.object({ dataCollectionId: id("dataCollectionId") });

export const captureMilestoneInput = z.object({
  studentId: id("studentId").describe("The child (students.id)"),
  dataCollectionId: id("dataCollectionId"),
  tenantMilestoneId: id("tenantMilestoneId"),
});
export type CaptureMilestoneInput = z.infer<typeof captureMilestoneInput>;

export const MILESTONE_CLOSED = "This milestone is not open for capture";

/* Answers (response schemas). */

const unix = z.number().int().nullable().describe("Unix seconds");

const tenantMilestone = z.object({
  id: z.number().int(),
  label: z.string(),
  description: z.string().nullable(),
  startDate: unix,
  endDate: unix,
  sortOrder: z.number().int(),
});
export type TenantMilestone = z.infer<typeof tenantMilestone>;

const activeMilestone = tenantMilestone.extend({
  rosteredCount: z.number().int().describe("The teacher's rostered children in the collection"),
  capturedCount: z.number().int().describe("Of those, the children captured for this milestone"),
  captured: z.boolean().describe("Every rostered child is captured"),
  capturedStudentIds: z.array(z.number().int()).describe("The captured children (students.id)"),
});
export type ActiveMilestone = z.infer<typeof activeMilestone>;

export const tenantMilestonesResponse = z.object({ tenantMilestones: z.array(tenantMilestone) });
export const activeMilestonesResponse = z.object({ scoreMilestones: z.array(activeMilestone) });
export const captureMilestoneResponse = z.object({ scoreMilestone: capturedMilestone });
