"use server";

import { action } from "@/lib/platform/action";
import { originOf } from "@/lib/platform/audit";
import { idSchema } from "@/lib/platform/schemas";
import { captureMilestone } from "@/lib/scoring/milestones";
import { captureMilestoneInput } from "@/lib/scoring/milestones-schemas";
import { replaceStudentSupports, updateSupportComment } from "@/lib/scoring/supports";
import { enrollmentSupportsBody, supportCommentBody } from "@/lib/scoring/supports-schemas";

/* The student page's saves: the same services (and checks) as the supports and milestone API routes. */

const studentSupportsInput = enrollmentSupportsBody.extend({ studentEnrollmentId: idSchema("Student enrollment id must be a positive whole number") });

/** Replaces the child's supports in the collection with the ticked ones; answers the ids now held. */
export const saveStudentSupportsAction = action({ input: studentSupportsInput, permission: "scores.teacherWrite" }, async (actor, input, request) => {
  const rows = await replaceStudentSupports(actor, input.dataCollectionId, input.studentEnrollmentId, input.supportIds, originOf({ headers: request }));
  return { supportIds: rows.map((r) => r.support_id) };
});

/** Sets or clears the note on the child's supports. */
export const saveSupportCommentAction = action({ input: supportCommentBody, permission: "scores.teacherWrite" }, async (actor, input, request) => {
  const row = await updateSupportComment(actor, input.id, input.supportComment, originOf({ headers: request }));
  return { supportComment: row.supportComment };
});

/** Freezes the child's current grades for an open milestone. */
export const captureMilestoneAction = action({ input: captureMilestoneInput, permission: "scores.teacherWrite" }, async (actor, input, request) => {
  const captured = await captureMilestone(actor, input, originOf({ headers: request }));
  return { id: captured.id, capturedAt: captured.capturedAt };
});
