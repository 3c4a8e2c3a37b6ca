import "server-only";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { log } from "@/lib/platform/logger";
import { PermanentJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { storage, tenantPrefix } from "@/lib/platform/storage";
import { tenantLogoImage } from "@/lib/system/tenant-logo";
import { renderIsr, type IsrData, type IsrDomain } from "./document";
import { ISR_GENERATED } from "./messages";
import { levelKey, type IsrLanguage } from "./texts";

/**
 * The isr.generate job: one batch of children of one request.
 *
 * 1. Claim: the batch's rows still queued or in progress move to in_progress (a redelivery of a
 *    killed batch claims its unfinished rows again; finished ones are left alone).
 * 2. Read each child's stored results (student_results, kept by triggers: nothing is recomputed),
 *    render one PDF page per child and store it under a key fixed by the row's id, so a second
 *    render overwrites the first and never adds a file.
 * 3. Finish in one transaction: the rendered rows move to complete ('Generated') only if they are
 *    not complete already (each row moves exactly once, counted in `generations`); the request is
 *    locked and, once none of its rows is left, marked complete and its requester notified
 *    ('ISR Generated') exactly once.
 */

type Payload = { tenantId: number; outputId: number; studentOutputIds: number[] };

interface ChildRow {
  id: number;
  language: IsrLanguage;
  first_name: string;
  last_name: string;
  location: string;
  district: string;
  teachers: string | null;
  overall_score: number | null;
  performance_level: string | null;
  domain_scores: Record<string, unknown> | null;
}

interface Collection {
  id: number;
  collection_name: string;
  tenant_name: string;
  configuration: Record<string, unknown> | null;
}

interface Band {
  code: string;
  label: string;
  min?: number;
  max?: number;
}

export const isrKey = (tenantId: number, outputId: number, studentOutputId: number) => `${tenantPrefix(tenantId)}isr/${outputId}/${studentOutputId}.pdf`;

const ids = (list: number[]) => sql`${`{${list.join(",")}}`}::int[]`;

async function claim({ tenantId, outputId, studentOutputIds }: Payload) {
  return withTenant(tenantId, async () => {
    const [output] = await rows<{ id: number; data_collection_id: number; status: string }>(
      db(),
      sql`update outputs set status = 'in_progress', started_at = coalesce(started_at, now()), updated_at = now()
        where tenant_id = ${tenantId} and id = ${outputId} and status in ('queued', 'in_progress') returning id, data_collection_id, status`,
    );
    if (!output) {
      const [exists] = await rows<{ id: number }>(db(), sql`select id from outputs where tenant_id = ${tenantId} and id = ${outputId}`);
      if (!exists) throw new PermanentJobError("ISR request not found");
      return null;
    }
    const claimed = await rows<{ id: number }>(
      db(),
      sql`update student_outputs set status = 'in_progress', updated_at = now()
        where tenant_id = ${tenantId} and output_id = ${outputId} and id = any(${ids(studentOutputIds)}) and status in ('queued', 'in_progress')
        returning id`,
    );
    return { collectionId: output.data_collection_id, ids: claimed.map((r) => r.id) };
  });
}

/** The collection, its tenant's name, its domains in order and the assessment's bands. */
async function collectionOf(tenantId: number, collectionId: number) {
  const [collection] = await rows<Collection>(
    db(),
    sql`select dc.id, dc.collection_name, t.name as tenant_name, a.configuration
      from data_collections dc join assessments a on a.id = dc.assessment_id join tenants t on t.id = dc.tenant_id
      where dc.tenant_id = ${tenantId} and dc.id = ${collectionId}`,
  );
  if (!collection) throw new PermanentJobError("the ISR's collection is gone");
  const domains = await rows<{ code: string; label: string }>(
    db(),
    sql`select coalesce(root.code, h.code) as code, min(coalesce(root.label, h.label)) as label, min(ci.sort_order) as first
      from data_collection_items ci
      join assessment_items ai on ai.id = ci.assessment_item_id
      join assessment_hierarchy_items h on h.id = coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id)
      left join assessment_hierarchy_items root on root.id = h.parent_id
      where ci.tenant_id = ${tenantId} and ci.data_collection_id = ${collectionId}
      group by 1 order by min(ci.sort_order), 1`,
  );
  const levels = collection.configuration?.performanceLevels;
  const bands: Band[] = Array.isArray(levels) ? levels.filter((l): l is Band => typeof l?.code === "string") : [];
  return { collection, domains, bands };
}

/** A domain's level from its stored scale score, by the assessment's own bands (configuration). */
function bandOf(bands: Band[], score: number | null) {
  if (score === null) return null;
  const band = bands.find((b) => typeof b.min === "number" && typeof b.max === "number" && score >= b.min && score <= b.max);
  return band ? (levelKey(band.code) ?? levelKey(band.label)) : null;
}

async function readChildren(tenantId: number, collectionId: number, studentOutputIds: number[]) {
  return rows<ChildRow>(
    db(),
    sql`select so.id, so.language, s.first_name, s.last_name, l.name as location, d.name as district,
        (select string_agg(u.first_name || ' ' || u.last_name, ', ' order by u.last_name, u.first_name)
          from enrollment_associations ea join users u on u.tenant_id = ${tenantId} and u.id = ea.user_id
          where ea.tenant_id = ${tenantId} and ea.student_enrollment_id = e.id) as teachers,
        r.overall_score, r.performance_level, r.domain_scores
      from student_outputs so
      join student_enrollments e on e.tenant_id = ${tenantId} and e.id = so.student_enrollment_id
      join students s on s.tenant_id = ${tenantId} and s.id = so.student_id
      join locations l on l.tenant_id = ${tenantId} and l.id = e.location_id
      join districts d on d.tenant_id = ${tenantId} and d.id = e.district_id
      left join student_results r on r.tenant_id = ${tenantId} and r.data_collection_id = ${collectionId} and r.student_enrollment_id = e.id
      where so.tenant_id = ${tenantId} and so.id = any(${ids(studentOutputIds)})
      order by so.id`,
  );
}

function pageData(child: ChildRow, context: Awaited<ReturnType<typeof collectionOf>>): IsrData {
  const scores = child.domain_scores ?? {};
  const domains: IsrDomain[] = context.domains.map((d) => {
    const value = scores[d.code];
    const score = typeof value === "number" ? value : null;
    return { code: d.code, label: d.label, score, level: bandOf(context.bands, score) };
  });
  return {
    language: child.language === "es" ? "es" : "en",
    tenantName: context.collection.tenant_name,
    collectionName: context.collection.collection_name,
    childName: `${child.first_name} ${child.last_name}`,
    school: child.location,
    district: child.district,
    teachers: child.teachers,
    overallScore: child.overall_score,
    level: levelKey(child.performance_level),
    domains,
  };
}

/** The pages of some rows as the job renders them (benchmarks render the same documents bare). */
export async function isrPages(tenantId: number, collectionId: number, studentOutputIds: number[]): Promise<IsrData[]> {
  const pages = await withTenant(tenantId, async () => {
    const info = await collectionOf(tenantId, collectionId);
    return (await readChildren(tenantId, collectionId, studentOutputIds)).map((child) => pageData(child, info));
  });
  const logo = await tenantLogoImage(tenantId);
  return pages.map((page) => ({ ...page, logo }));
}

/** Mark the rendered rows generated, close the request once nothing is left, tell its requester. */
async function finish(tenantId: number, outputId: number, done: number[]) {
  return withTenant(tenantId, async () => {
    const moved = await rows<{ id: number }>(
      db(),
      sql`update student_outputs set status = 'complete', output_status = 'Generated', file_name = ${tenantPrefix(tenantId)} || 'isr/' || output_id || '/' || id || '.pdf',
          generated_at = now(), generations = generations + 1, updated_at = now()
        where tenant_id = ${tenantId} and output_id = ${outputId} and id = any(${ids(done)}) and status <> 'complete' returning id`,
    );
    // The request's row serialises the batches' last check: one of them sees nothing left.
    await db().execute(sql`select id from outputs where tenant_id = ${tenantId} and id = ${outputId} for update`);
    // While rows remain (every batch but the last), one index probe says so: counting a state's
    // 130,000 rows in every batch, under that lock, held the other workers' batches back.
    const [left] = await rows<{ open: boolean }>(
      db(),
      sql`select exists (select 1 from student_outputs where tenant_id = ${tenantId} and output_id = ${outputId} and status in ('queued', 'in_progress')) as open`,
    );
    if (left.open) return moved.length;
    const [closed] = await rows<{ requested_by: number | null; data_collection_id: number; generated: number; failed: number }>(
      db(),
      sql`update outputs o set status = 'complete', completed_at = now(), updated_at = now(),
          metadata = o.metadata || jsonb_build_object('generated', c.generated, 'failed', c.failed)
        from (select count(*) filter (where status = 'complete')::int as generated, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status in ('queued', 'in_progress'))::int as open
          from student_outputs where tenant_id = ${tenantId} and output_id = ${outputId}) c
        where o.tenant_id = ${tenantId} and o.id = ${outputId} and o.status <> 'complete' and c.open = 0
        returning o.requested_by, o.data_collection_id, c.generated, c.failed`,
    );
    if (closed && closed.requested_by !== null) {
      await db().execute(
        sql`insert into notifications (tenant_id, user_id, type, message, metadata)
          values (${tenantId}, ${closed.requested_by}, 'isr', ${ISR_GENERATED},
            ${JSON.stringify({ outputId, dataCollectionId: closed.data_collection_id, generated: closed.generated, failed: closed.failed })}::jsonb)`,
      );
    }
    return moved.length;
  });
}

/** The batch's rows failed for good (last attempt, or a permanent error): failed, and the request closes if it was the last. */
async function failRows(tenantId: number, outputId: number, studentOutputIds: number[]) {
  await withTenant(tenantId, () =>
    db().execute(
      sql`update student_outputs set status = 'failed', updated_at = now()
        where tenant_id = ${tenantId} and output_id = ${outputId} and id = any(${ids(studentOutputIds)}) and status in ('queued', 'in_progress')`,
    ),
  );
  await finish(tenantId, outputId, []);
}

export async function generateIsrBatch(payload: Payload, context: JobContext): Promise<JobOutput> {
  const { tenantId, outputId } = payload;
  const started = performance.now();
  try {
    const claimed = await claim(payload);
    if (!claimed) return { outputId, skipped: "finished" };
    if (!claimed.ids.length) return { outputId, skipped: "batch finished" };
    const { children, info } = await withTenant(tenantId, async () => {
      const info = await collectionOf(tenantId, claimed.collectionId);
      return { info, children: await readChildren(tenantId, claimed.collectionId, claimed.ids) };
    });
    // Read once a batch, outside the transaction (storage may be remote).
    const logo = await tenantLogoImage(tenantId);
    const done: number[] = [];
    let renderMs = 0;
    let storeMs = 0;
    for (const child of children) {
      const t0 = performance.now();
      const pdf = await renderIsr({ ...pageData(child, info), logo });
      const t1 = performance.now();
      await storage().putObject(isrKey(tenantId, outputId, child.id), pdf, "application/pdf");
      storeMs += performance.now() - t1;
      renderMs += t1 - t0;
      done.push(child.id);
    }
    // A claimed row whose child vanished (enrollment deleted meanwhile) cannot be rendered.
    const missing = claimed.ids.filter((id) => !done.includes(id));
    if (missing.length) await failRows(tenantId, outputId, missing);
    const generated = await finish(tenantId, outputId, done);
    const ms = Math.round(performance.now() - started);
    return { outputId, rendered: done.length, generated, ms, renderMs: Math.round(renderMs), storeMs: Math.round(storeMs) };
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    if (permanent || context.lastAttempt) {
      log.warn("isr batch failed", { outputId, size: payload.studentOutputIds.length, permanent });
      await failRows(tenantId, outputId, payload.studentOutputIds).catch(() => undefined);
    }
    throw error;
  }
}
