import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* A teacher's groups of students in a collection (spec §3 Group, §7 Groups). */

const LABEL = "Label is required";
const COLOR = "Color must be a hex colour such as #1976d2";
const ENROLLMENT = "Enrollment ids must be positive whole numbers";

const label = z.string({ error: LABEL }).trim().min(1, LABEL).max(100, "Label must be at most 100 characters");
const color = z.string({ error: COLOR }).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, COLOR);
const enrollmentIds = z.array(idSchema(ENROLLMENT), { error: ENROLLMENT }).max(500, "A group holds at most 500 students");

export const createGroupBody = z.object({ label, color, enrollmentIds });
export const updateGroupBody = z.object({ id: idSchema("Group id must be a positive whole number"), label, color, enrollmentIds });
export const groupIdQuery = z.object({ id: idSchema("Group id must be a positive whole number") });
export type GroupInput = z.infer<typeof createGroupBody>;

/* Answers (response schemas). */

const group = z.object({
  id: z.number().int(),
  label: z.string(),
  color: z.string(),
  enrollmentIds: z.array(z.number().int()).describe("The members' student enrollments"),
});
export type Group = z.infer<typeof group>;

export const groupsResponse = z.object({ groups: z.array(group) });
export const groupChangedResponse = z.object({ group, message: z.string() });
export const groupDeletedResponse = z.object({ message: z.string() });
