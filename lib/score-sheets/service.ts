import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import { getTeacherCollection } from "@/lib/collections/queries";
import type { Actor } from "@/lib/platform/actor";
import { conflict, notFound } from "@/lib/platform/errors";
import { sendJob } from "@/lib/platform/queue";
import { contentDisposition, storage, tenantPrefix } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { requireRostered, rosterIds } from "@/lib/scoring/roster";
import { sheetContent, type SheetContent } from "./content";
import { classScoreSheetJob } from "./job-kind";
import { childrenOf, renderSheet } from "./render";

/**
 * Score sheets (platform §7): the collection's items with their scale entries, for one rostered child
 * (POST /score-sheet/template, the PDF itself, rendered in the request) or for the teacher's whole
 * class (…/template/all: a score-sheet.class job renders it; the answer is the URL it will be
 * downloaded from, GET /score-sheet/{id}/download, with GET /score-sheet/{id} to poll). With
 * generateRandomScores each item has one entry ticked at random, for training: no score is read or
 * written. Every sheet is kept in storage with a score_sheets row (its history, GET /score-sheet/history).
 */

export const NO_ROSTER = "There are no students on your roster for this collection";
const NOT_READY = "The score sheets are not ready yet";
const SHEETS_FAILED_DOWNLOAD = "The score sheets could not be produced. Please request them again.";

const sheetKey = (tenantId: number, collectionId: number) => `${tenantPrefix(tenantId)}score-sheets/${collectionId}/${randomUUID()}.pdf`;

async function contentOf(actor: Actor, collectionId: number): Promise<SheetContent> {
  await getTeacherCollection(actor, collectionId);
  const c = await forTenant(actor, () => sheetContent(actor.tenantId, collectionId));
  if (!c) throw notFound();
  return c;
}

/** POST /score-sheet/template: one rostered child's sheet as a PDF. */
export async function childScoreSheet(actor: Actor, input: { dataCollectionId: number; studentEnrollmentId: number; generateRandomScores: boolean }) {
  authorize(actor, "collections.teacherRead");
  const c = await contentOf(actor, input.dataCollectionId);
  const children = await forTenant(actor, async () => {
    await requireRostered(actor, input.dataCollectionId, [input.studentEnrollmentId]);
    return childrenOf(actor.tenantId, sql`e.id = ${input.studentEnrollmentId}`);
  });
  if (!children.length) throw notFound("Student not found");
  const pdf = await renderSheet(actor.tenantName, c, children, input.generateRandomScores);
  const fileName = `score-sheet-${input.studentEnrollmentId}${input.generateRandomScores ? "-practice" : ""}.pdf`;
  const key = sheetKey(actor.tenantId, input.dataCollectionId);
  await storage().putObject(key, pdf, "application/pdf");
  await forTenant(actor, () =>
    db().execute(
      sql`insert into score_sheets (tenant_id, data_collection_id, student_enrollment_id, school_year_id, created_by, original_file_name, s3_file_name, completed_at)
        values (${actor.tenantId}, ${input.dataCollectionId}, ${input.studentEnrollmentId}, ${c.schoolYearId}, ${actor.userId}, ${fileName}, ${key}, now())`,
    ),
  );
  return {
    body: pdf,
    headers: new Headers({ "content-type": "application/pdf", "content-length": String(pdf.length), "content-disposition": contentDisposition(fileName) }),
  };
}

const downloadUrl = (id: number) => `/en/api/v1/score-sheet/${id}/download`;

/**
 * POST /score-sheet/template/all: every rostered child of the class, one PDF built by a job. The row
 * (queued, with the roster of the moment) and the job are written together; the answer is the URL
 * the PDF is downloaded from once the row is complete.
 */
export async function classScoreSheet(actor: Actor, input: { dataCollectionId: number }) {
  authorize(actor, "collections.teacherRead");
  const c = await contentOf(actor, input.dataCollectionId);
  const fileName = `score-sheets-collection-${input.dataCollectionId}.pdf`;
  const row = await forTenant(actor, async () => {
    const [ids] = await rows<{ ids: number[] }>(
      db(),
      sql`select coalesce(array_agg(id order by id), '{}') as ids from ${rosterIds(actor, input.dataCollectionId)} r(id)`,
    );
    if (!ids.ids.length) return null;
    const [created] = await rows<{ id: number }>(
      db(),
      sql`insert into score_sheets (tenant_id, data_collection_id, student_enrollment_id, school_year_id, created_by, original_file_name, s3_file_name, status, enrollment_ids)
        values (${actor.tenantId}, ${input.dataCollectionId}, null, ${c.schoolYearId}, ${actor.userId}, ${fileName}, ${sheetKey(actor.tenantId, input.dataCollectionId)},
          'queued', ${`{${ids.ids.join(",")}}`}::int[])
        returning id`,
    );
    await sendJob(classScoreSheetJob, { tenantId: actor.tenantId, scoreSheetId: created.id });
    return created;
  });
  if (!row) throw notFound(NO_ROSTER);
  return { id: row.id, status: "queued" as const, url: downloadUrl(row.id), fileName };
}

/** A class sheet of one's own (the teacher who asked for it); another's or another tenant's is 404. */
async function ownClassSheet(actor: Actor, id: number) {
  authorize(actor, "collections.teacherRead");
  const [sheet] = await forTenant(actor, () =>
    rows<{ id: number; status: "queued" | "in_progress" | "complete" | "failed"; original_file_name: string; s3_file_name: string; error: string | null }>(
      db(),
      sql`select id, status, original_file_name, s3_file_name, error from score_sheets
        where tenant_id = ${actor.tenantId} and id = ${id} and created_by = ${actor.userId} and student_enrollment_id is null`,
    ),
  );
  if (!sheet) throw notFound("Score sheet not found");
  return sheet;
}

/** GET /score-sheet/{id}: where a class sheet stands (queued, in_progress, complete, failed). */
export async function classSheetStatus(actor: Actor, id: number) {
  const sheet = await ownClassSheet(actor, id);
  return { id: sheet.id, status: sheet.status, url: downloadUrl(sheet.id), fileName: sheet.original_file_name, error: sheet.error };
}

/** GET /score-sheet/{id}/download: a short-lived storage URL of the finished PDF; 409 before. */
export async function classSheetDownload(actor: Actor, id: number): Promise<string> {
  const sheet = await ownClassSheet(actor, id);
  if (sheet.status === "failed") throw conflict(sheet.error ?? SHEETS_FAILED_DOWNLOAD);
  if (sheet.status !== "complete") throw conflict(NOT_READY);
  return storage().presignDownload(sheet.s3_file_name, { fileName: sheet.original_file_name });
}
