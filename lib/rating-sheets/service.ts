import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { RATING_SHEET_FEATURE, requireFeature } from "@/lib/auth/features";
import { authorize } from "@/lib/auth/permissions";
import { getTeacherCollection } from "@/lib/collections/queries";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { contentDisposition } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { rosterArray } from "@/lib/scoring/roster";
import { sheetContent } from "@/lib/score-sheets/content";
import type { RatingSheetBody } from "./schemas";
import { renderRatingSheet, type RatingChild } from "./document";

/**
 * POST /rating-sheet (platform §7): the teacher's class on one collection as a rating sheet PDF,
 * answered in the request like a child's score sheet (a class is a few pages: a legend, then about
 * seven children per page per block of ten items), tagged as the ISR is (lib/pdf/tagged-document.ts). Behind
 * the KRA_APP_CAPTURE_RATINGS_SHEET flag. Reads only; nothing is stored.
 */

export const NO_ROSTER = "There are no students on your roster for this collection";

interface ChildRow {
  id: number;
  first_name: string;
  last_name: string;
  tenant_unique_id: string;
  school: string;
}

export async function ratingSheet(actor: Actor, input: RatingSheetBody) {
  authorize(actor, "collections.teacherRead");
  requireFeature(actor, RATING_SHEET_FEATURE);
  await getTeacherCollection(actor, input.dataCollectionId);
  const t = actor.tenantId;
  const c = input.dataCollectionId;
  const { content, children, ratings } = await forTenant(actor, async () => {
    const children = await rows<ChildRow>(
      db(),
      sql`select e.id, s.first_name, s.last_name, s.tenant_unique_id, l.name as school
        from student_enrollments e
        join students s on s.tenant_id = e.tenant_id and s.id = e.student_id
        join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
        where e.tenant_id = ${t} and e.id = any(${rosterArray(actor, c)})
        order by lower(s.last_name), lower(s.first_name), e.id`,
    );
    const ratings = input.includeScores
      ? await rows<{ student_enrollment_id: number; assessment_item_id: number; scale_entry_id: number }>(
          db(),
          sql`select student_enrollment_id, assessment_item_id, scale_entry_id from scores
            where tenant_id = ${t} and data_collection_id = ${c} and student_enrollment_id = any(${rosterArray(actor, c)})`,
        )
      : [];
    return { content: await sheetContent(t, c), children, ratings };
  });
  if (!content) throw notFound();
  if (!children.length) throw notFound(NO_ROSTER);
  const byChild = new Map<number, Map<number, number>>();
  for (const r of ratings) {
    if (!byChild.has(r.student_enrollment_id)) byChild.set(r.student_enrollment_id, new Map());
    byChild.get(r.student_enrollment_id)!.set(r.assessment_item_id, r.scale_entry_id);
  }
  const sheetChildren: RatingChild[] = children.map((k) => ({
    name: `${k.first_name} ${k.last_name}`,
    stateId: k.tenant_unique_id,
    ratings: byChild.get(k.id) ?? new Map(),
  }));
  const schools = [...new Set(children.map((k) => k.school))];
  const printedOn = new Date().toLocaleDateString("en-US", { timeZone: "UTC", month: "2-digit", day: "2-digit", year: "numeric" });
  const pdf = await renderRatingSheet({
    tenantName: actor.tenantName,
    collectionName: content.collectionName,
    school: schools.join(", "),
    printedOn,
    includeScores: input.includeScores,
    domains: content.domains,
    children: sheetChildren,
  });
  const fileName = `rating-sheet-collection-${c}${input.includeScores ? "-with-ratings" : ""}.pdf`;
  return {
    body: pdf,
    headers: new Headers({ "content-type": "application/pdf", "content-length": String(pdf.length), "content-disposition": contentDisposition(fileName) }),
  };
}
