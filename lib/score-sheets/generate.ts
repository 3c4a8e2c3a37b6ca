import "server-only";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { PermanentJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { storage } from "@/lib/platform/storage";
import { sheetContent } from "./content";
import { childrenOf, renderSheet } from "./render";

/**
 * The score-sheet.class job: claim the queued row, read the collection's content and the row's
 * children under its tenant, render the PDF, store it under the row's key, then mark the row
 * complete and tell the teacher (a notifications row in the same transaction). Like report.generate,
 * each database step binds the tenant on its own so the claim is visible while rendering and storage
 * stays outside transactions. A redelivery of a finished row does nothing.
 */

type Payload = { tenantId: number; scoreSheetId: number };

interface Claimed {
  id: number;
  data_collection_id: number;
  enrollment_ids: number[] | null;
  created_by: number | null;
  original_file_name: string;
  s3_file_name: string;
  tenant_name: string;
}

async function claim({ tenantId, scoreSheetId }: Payload): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update score_sheets ss set status = 'in_progress', updated_at = now()
        from tenants t
        where ss.tenant_id = ${tenantId} and ss.id = ${scoreSheetId} and ss.status in ('queued', 'in_progress') and t.id = ss.tenant_id
        returning ss.id, ss.data_collection_id, ss.enrollment_ids, ss.created_by, ss.original_file_name, ss.s3_file_name, t.name as tenant_name`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from score_sheets where tenant_id = ${tenantId} and id = ${scoreSheetId}`);
    if (!existing) throw new PermanentJobError("score sheet not found");
    return null;
  });
}

async function notify(tenantId: number, sheet: Claimed, message: string) {
  if (sheet.created_by === null) return;
  await db().execute(
    sql`insert into notifications (tenant_id, user_id, type, message, metadata)
      values (${tenantId}, ${sheet.created_by}, 'score-sheet', ${message}, ${JSON.stringify({ scoreSheetId: sheet.id, dataCollectionId: sheet.data_collection_id })}::jsonb)`,
  );
}

const SHEETS_READY = "Your class's score sheets are ready to download";
const SHEETS_FAILED = "Your class's score sheets could not be produced. Please request them again.";

export async function generateClassScoreSheet(payload: Payload, context: JobContext): Promise<JobOutput> {
  const { tenantId } = payload;
  const sheet = await claim(payload);
  if (!sheet) return { scoreSheetId: payload.scoreSheetId, skipped: "finished" };
  try {
    const { content, children } = await withTenant(tenantId, async () => ({
      content: await sheetContent(tenantId, sheet.data_collection_id),
      children: await childrenOf(tenantId, sql`e.id = any(${`{${(sheet.enrollment_ids ?? []).join(",")}}`}::int[])`),
    }));
    if (!content) throw new PermanentJobError("the score sheet's collection is gone");
    const pdf = await renderSheet(sheet.tenant_name, content, children, false);
    await storage().putObject(sheet.s3_file_name, pdf, "application/pdf");
    await withTenant(tenantId, async () => {
      await db().execute(
        sql`update score_sheets set status = 'complete', error = null, completed_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${sheet.id}`,
      );
      await notify(tenantId, sheet, SHEETS_READY);
    });
    return { scoreSheetId: sheet.id, children: children.length, bytes: pdf.length };
  } catch (error) {
    const final = error instanceof PermanentJobError || context.lastAttempt;
    await withTenant(tenantId, async () => {
      if (!final) {
        await db().execute(sql`update score_sheets set status = 'queued', updated_at = now() where tenant_id = ${tenantId} and id = ${sheet.id}`);
        return;
      }
      await db().execute(
        sql`update score_sheets set status = 'failed', error = ${SHEETS_FAILED}, completed_at = now(), updated_at = now() where tenant_id = ${tenantId} and id = ${sheet.id}`,
      );
      await notify(tenantId, sheet, SHEETS_FAILED);
    });
    throw error;
  }
}
