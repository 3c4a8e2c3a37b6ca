import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { renderToBuffer } from "@react-pdf/renderer";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import { listTeacherCollectionHierarchyItems, listTeacherCollectionItems, listTeacherCollectionScales } from "@/lib/collections/content";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { contentDisposition, storage, tenantPrefix } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { requireRostered, rosterIds } from "@/lib/scoring/roster";
import { scoreSheetDocument, type SheetChild, type SheetDomain } from "./document";

/**
 * Score sheets (platform §7): the collection's items with their scale entries, for one rostered child
 * (POST /score-sheet/template, the PDF itself) or for the teacher's whole class (…/template/all, a URL
 * of the PDF). With generateRandomScores each item has one entry ticked at random, for training: no
 * score is read or written. Every sheet is kept in storage with a score_sheets row (its history,
 * GET /score-sheet/history).
 */

interface Content {
  collectionName: string;
  schoolYearId: number | null;
  /** Domains with their items and each item's entries, in the collection's order. */
  domains: SheetDomain[];
}

async function content(actor: Actor, collectionId: number): Promise<Content> {
  const [items, scales, hierarchy] = [
    await listTeacherCollectionItems(actor, collectionId),
    await listTeacherCollectionScales(actor, collectionId),
    await listTeacherCollectionHierarchyItems(actor, collectionId),
  ];
  const [collection] = await forTenant(actor, () =>
    rows<{ collection_name: string; school_year_id: number | null }>(
      db(),
      sql`select collection_name, school_year_id from data_collections where tenant_id = ${actor.tenantId} and id = ${collectionId}`,
    ),
  );
  const byId = new Map(hierarchy.map((h) => [h.id, h]));
  const top = (id: number | null) => {
    let node = id === null ? undefined : byId.get(id);
    while (node?.parentId !== null && node?.parentId !== undefined && byId.has(node.parentId)) node = byId.get(node.parentId);
    return node;
  };
  const scaleById = new Map(scales.map((s) => [s.id, s]));
  const domains = new Map<string, SheetDomain>();
  for (const item of items) {
    const domain = top(item.assessment_item_heirarchy_id);
    const key = domain ? `d${domain.id}` : "other";
    if (!domains.has(key)) domains.set(key, { label: domain ? domain.label : "Items", items: [] });
    const scale = item.parentScalesDirectoryId === null ? undefined : scaleById.get(item.parentScalesDirectoryId);
    domains.get(key)!.items.push({ code: item.code, label: item.label, entries: (scale?.entries ?? []).map((e) => ({ code: e.code, label: e.label })) });
  }
  const order = hierarchy.filter((h) => h.parentId === null).map((h) => `d${h.id}`);
  const sorted = [...domains.entries()].sort(([a], [b]) => (order.indexOf(a) === -1 ? 1e9 : order.indexOf(a)) - (order.indexOf(b) === -1 ? 1e9 : order.indexOf(b)));
  return { collectionName: collection.collection_name, schoolYearId: collection.school_year_id, domains: sorted.map(([, d]) => d) };
}

interface ChildRow {
  id: number;
  first_name: string;
  last_name: string;
  tenant_unique_id: string;
  school: string;
}

const childrenWhere = (actor: Actor, where: SQL) =>
  rows<ChildRow>(
    db(),
    sql`select e.id, s.first_name, s.last_name, s.tenant_unique_id, l.name as school
      from student_enrollments e
      join students s on s.tenant_id = e.tenant_id and s.id = e.student_id
      join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
      where e.tenant_id = ${actor.tenantId} and ${where}
      order by lower(s.last_name), lower(s.first_name), e.id`,
  );

/** A practice sheet ticks one rating entry per item (an entry with points when there are any). */
function practiceDomains(domains: SheetDomain[]): SheetDomain[] {
  return domains.map((d) => ({
    ...d,
    items: d.items.map((item) => ({ ...item, picked: item.entries.length ? item.entries[randomInt(item.entries.length)].code : null })),
  }));
}

async function render(actor: Actor, c: Content, children: ChildRow[], practice: boolean): Promise<Buffer> {
  const sheetChildren: SheetChild[] = children.map((k) => ({
    name: `${k.first_name} ${k.last_name}`,
    stateId: k.tenant_unique_id,
    school: k.school,
    domains: practice ? practiceDomains(c.domains) : c.domains,
  }));
  const printedOn = new Date().toLocaleDateString("en-US", { timeZone: "UTC", month: "2-digit", day: "2-digit", year: "numeric" });
  return renderToBuffer(scoreSheetDocument({ tenantName: actor.tenantName, collectionName: c.collectionName, printedOn, practice, children: sheetChildren }) as Parameters<typeof renderToBuffer>[0]);
}

/** Keep the sheet in storage and in the history (score_sheets). */
async function keep(actor: Actor, collectionId: number, c: Content, enrollmentId: number | null, fileName: string, pdf: Buffer): Promise<string> {
  const key = `${tenantPrefix(actor.tenantId)}score-sheets/${collectionId}/${randomUUID()}.pdf`;
  await storage().putObject(key, pdf, "application/pdf");
  await forTenant(actor, () =>
    db().execute(
      sql`insert into score_sheets (tenant_id, data_collection_id, student_enrollment_id, school_year_id, created_by, original_file_name, s3_file_name)
        values (${actor.tenantId}, ${collectionId}, ${enrollmentId}, ${c.schoolYearId}, ${actor.userId}, ${fileName}, ${key})`,
    ),
  );
  return key;
}

/** POST /score-sheet/template: one rostered child's sheet as a PDF. */
export async function childScoreSheet(actor: Actor, input: { dataCollectionId: number; studentEnrollmentId: number; generateRandomScores: boolean }) {
  authorize(actor, "collections.teacherRead");
  const c = await content(actor, input.dataCollectionId);
  const children = await forTenant(actor, async () => {
    await requireRostered(actor, input.dataCollectionId, [input.studentEnrollmentId]);
    return childrenWhere(actor, sql`e.id = ${input.studentEnrollmentId}`);
  });
  if (!children.length) throw notFound("Student not found");
  const pdf = await render(actor, c, children, input.generateRandomScores);
  const fileName = `score-sheet-${input.studentEnrollmentId}${input.generateRandomScores ? "-practice" : ""}.pdf`;
  await keep(actor, input.dataCollectionId, c, input.studentEnrollmentId, fileName, pdf);
  return { body: pdf, headers: new Headers({ "content-type": "application/pdf", "content-length": String(pdf.length), "content-disposition": contentDisposition(fileName) }) };
}

/** POST /score-sheet/template/all: every rostered child of the class, one PDF, answered as a short-lived URL. */
export async function classScoreSheet(actor: Actor, input: { dataCollectionId: number }) {
  authorize(actor, "collections.teacherRead");
  const c = await content(actor, input.dataCollectionId);
  const children = await forTenant(actor, () => childrenWhere(actor, sql`e.id in ${rosterIds(actor, input.dataCollectionId)}`));
  if (!children.length) throw notFound("There are no students on your roster for this collection");
  const pdf = await render(actor, c, children, false);
  const fileName = `score-sheets-collection-${input.dataCollectionId}.pdf`;
  const key = await keep(actor, input.dataCollectionId, c, null, fileName, pdf);
  return { url: await storage().presignDownload(key, { fileName }), fileName };
}
