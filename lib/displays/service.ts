import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { dataDisplayResults } from "@/db/schema";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { signedUrl, verifySignedUrl } from "@/lib/platform/storage/signing";
import { forTenant } from "@/lib/platform/tenancy";
import { requireTeacherCollection } from "@/lib/scoring/roster";
import { ADMINISTRATIVE, collectionInReach } from "@/lib/organisations/reach";
import { adminPosition, buildDisplay, collectionFacts, teacherPosition, type DrillInput } from "./compute";
import { DEFAULT_DOMAIN, type DisplayResult, type DisplayRole, type DisplayType } from "./model";

/** Where the computed display is fetched from (GET /data-displays/results, signed). */
export const RESULT_PATH = "/en/api/v1/data-displays/results";
/** How long a handed-out URL opens its display. */
export const URL_SECONDS = 300;
/** How long an admin's computed display is reused for the same view (a state takes the most work). */
export const REUSE_SECONDS = 60;

export interface DisplayQuery extends DrillInput {
  dataCollectionId: number;
  domain?: string;
}

/** Condition: the collection (alias dc) is assigned to an organisation in the admin's reach. */
const adminCollection = (actor: Actor) => collectionInReach(actor, sql`dc.id`, ADMINISTRATIVE);

/** 404 unless the admin reaches the collection. Run inside forTenant. */
export async function requireAdminCollection(actor: Actor, collectionId: number): Promise<void> {
  const t = actor.tenantId;
  const [row] = await rows<{ id: number }>(
    db(),
    sql`select dc.id from data_collections dc where dc.tenant_id = ${t} and dc.id = ${collectionId} and dc.deleted_at is null and ${adminCollection(actor)}`,
  );
  if (!row) throw notFound();
}

/**
 * 404 unless the person may look at the collection's displays in some role: a teacher's own
 * collection, or one in an admin's reach. Run inside forTenant.
 */
export async function requireDisplayCollection(actor: Actor, collectionId: number): Promise<void> {
  if (can(actor, "displays.teacher")) {
    try {
      return await requireTeacherCollection(actor, collectionId);
    } catch (error) {
      if (!can(actor, "displays.admin")) throw error;
    }
  }
  authorize(actor, "displays.admin");
  await requireAdminCollection(actor, collectionId);
}

/** Compute a display now (no reuse): the teacher's class, or the admin's unit. */
export async function computeDisplay(actor: Actor, role: DisplayRole, type: DisplayType, query: DisplayQuery): Promise<DisplayResult> {
  authorize(actor, role === "teacher" ? "displays.teacher" : "displays.admin");
  const domain = query.domain ?? DEFAULT_DOMAIN;
  return forTenant(actor, async () => {
    if (role === "teacher") {
      await requireTeacherCollection(actor, query.dataCollectionId);
      const collection = await collectionFacts(actor, query.dataCollectionId);
      return buildDisplay(actor, role, type, domain, collection, teacherPosition(actor, query.dataCollectionId));
    }
    // Independent reads sent at once: the driver pipelines them on the transaction's connection, so
    // a district's display waits for one round trip here instead of three.
    const [, collection, position] = await Promise.all([
      requireAdminCollection(actor, query.dataCollectionId),
      collectionFacts(actor, query.dataCollectionId),
      adminPosition(actor, query.dataCollectionId, query),
    ]);
    return buildDisplay(actor, role, type, domain, collection, position);
  });
}

/** What a display page needs before the display itself: the collection's name and domains. */
export async function displayCollection(
  actor: Actor,
  role: DisplayRole,
  collectionId: number,
): Promise<{ name: string; domains: { code: string; label: string }[] }> {
  authorize(actor, role === "teacher" ? "displays.teacher" : "displays.admin");
  return forTenant(actor, async () => {
    if (role === "teacher") await requireTeacherCollection(actor, collectionId);
    else await requireAdminCollection(actor, collectionId);
    const { name, domains } = await collectionFacts(actor, collectionId);
    return { name, domains };
  });
}

/** The collections an admin may display (in reach, not deleted), newest window first. */
export async function adminDisplayCollections(actor: Actor): Promise<{ id: number; name: string; schoolYear: string; hasResults: boolean }[]> {
  authorize(actor, "displays.admin");
  return forTenant(actor, async () => {
    const t = actor.tenantId;
    return rows<{ id: number; name: string; schoolYear: string; hasResults: boolean }>(
      db(),
      sql`select dc.id, dc.collection_name as name, sy.label as "schoolYear",
          exists (select 1 from student_results r where r.tenant_id = ${t} and r.data_collection_id = dc.id and r.scored_items > 0) as "hasResults"
        from data_collections dc
        join school_years sy on sy.id = dc.school_year_id
        where dc.tenant_id = ${t} and dc.deleted_at is null and ${adminCollection(actor)}
        order by dc.cycle_start_date desc, dc.id desc limit 200`,
    );
  });
}

function cacheKey(role: DisplayRole, type: DisplayType, q: DisplayQuery): string {
  return [role, type, q.dataCollectionId, q.domain ?? DEFAULT_DOMAIN, q.regionId ?? "", q.districtId ?? "", q.locationId ?? "", q.teacherId ?? ""].join("|");
}

/**
 * Spec §7: GET /data-displays/{role}/{type} answers a URL that is then fetched. The display is
 * computed (or, for an admin, reused when the same view was computed in the last minute), kept in
 * data_display_results, and the URL opens it for five minutes: signed over the tenant and the row,
 * so it can be neither altered nor guessed.
 */
export async function displayUrl(
  actor: Actor,
  role: DisplayRole,
  type: DisplayType,
  query: DisplayQuery,
  now = new Date(),
): Promise<{ url: string; expiresAt: number }> {
  const key = cacheKey(role, type, query);
  const started = performance.now();
  const reused =
    role === "admin"
      ? await forTenant(actor, async () => {
          authorize(actor, "displays.admin");
          const [row] = await db()
            .select({ id: dataDisplayResults.id })
            .from(dataDisplayResults)
            .where(
              and(
                eq(dataDisplayResults.tenantId, actor.tenantId),
                eq(dataDisplayResults.userId, actor.userId),
                eq(dataDisplayResults.cacheKey, key),
                gt(dataDisplayResults.createdAt, new Date(now.getTime() - REUSE_SECONDS * 1000)),
              ),
            )
            .orderBy(desc(dataDisplayResults.createdAt))
            .limit(1);
          return row?.id;
        })
      : undefined;
  let id = reused;
  if (!id) {
    const payload = await computeDisplay(actor, role, type, query);
    id = randomBytes(16).toString("base64url");
    const newId = id;
    await forTenant(actor, async () => {
      // The person's copies older than a URL's life go: no URL can open them any more.
      await db()
        .delete(dataDisplayResults)
        .where(
          and(
            eq(dataDisplayResults.tenantId, actor.tenantId),
            eq(dataDisplayResults.userId, actor.userId),
            lt(dataDisplayResults.createdAt, new Date(now.getTime() - URL_SECONDS * 1000)),
          ),
        );
      await db().insert(dataDisplayResults).values({ tenantId: actor.tenantId, id: newId, userId: actor.userId, cacheKey: key, payload, createdAt: now });
    });
  }
  log.info("data display", { userId: actor.userId, role, type, reused: Boolean(reused), ms: Math.round(performance.now() - started) });
  const url = signedUrl("GET", RESULT_PATH, { tenant: String(actor.tenantId), id }, URL_SECONDS, now.getTime());
  return { url, expiresAt: Math.floor(now.getTime() / 1000) + URL_SECONDS };
}

/** The display behind a signed URL (403 when unsigned, altered or expired; 404 when swept). */
export async function openDisplay(url: URL, now = Date.now()): Promise<DisplayResult> {
  const params = verifySignedUrl("GET", url, now);
  const tenantId = Number(params.tenant);
  if (!Number.isInteger(tenantId) || tenantId <= 0 || !params.id) throw notFound();
  return forTenant({ tenantId }, async () => {
    const [row] = await db()
      .select({ payload: dataDisplayResults.payload })
      .from(dataDisplayResults)
      .where(and(eq(dataDisplayResults.tenantId, tenantId), eq(dataDisplayResults.id, params.id)));
    if (!row) throw notFound();
    return row.payload as DisplayResult;
  });
}
