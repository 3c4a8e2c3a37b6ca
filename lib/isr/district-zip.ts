import "server-only";
import { sql } from "drizzle-orm";
import { Zip, ZipPassThrough } from "fflate";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { AppError, notFound } from "@/lib/platform/errors";
import { contentDisposition } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { NOTHING_TO_DOWNLOAD, TOO_MANY_FOR_ZIP } from "./messages";
import { bytesOf, latestRows, scopeIn } from "./service";
import { TaggedPdfMerger } from "@/lib/pdf/merge-tagged";
import { WORDS, type IsrLanguage } from "./texts";

/** A state's biggest districts hold a few thousand children; beyond this, one school at a time. */
const ZIP_LIMIT = 20_000;

interface Row {
  file_name: string;
  language: IsrLanguage;
  location_id: number;
  location_name: string;
  district_name: string;
  collection_name: string;
}

/** A file name that every unzip tool keeps: letters, digits, dashes and spaces. */
const safe = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} -]+/gu, " ")
    .trim()
    .slice(0, 80) || "school";

/**
 * GET /data-collections/{id}/outputs/download/zip?districtId: the district's generated ISRs in the
 * admin's reach as a ZIP with one tagged PDF per school (children by name). The ZIP is streamed as
 * each school is merged, so memory holds one school's PDF at a time. PDFs are compressed already:
 * the entries are stored, not deflated again.
 */
export async function downloadDistrictIsrs(actor: Actor, collectionId: number, districtId: number) {
  authorize(actor, "reports.admin");
  const t = actor.tenantId;
  const found = await forTenant(actor, async () => {
    const scope = await scopeIn(actor, collectionId);
    return rows<Row>(
      db(),
      sql`select x.file_name, x.language, l.id as location_id, l.name as location_name, d.name as district_name, dc.collection_name
        from (${latestRows(t, collectionId, scope, sql`and e.district_id = ${districtId}`)}) x
        join students s on s.tenant_id = ${t} and s.id = x.student_id
        join lateral (select e2.location_id from student_enrollments e2 where e2.tenant_id = ${t} and e2.student_id = x.student_id and e2.district_id = ${districtId}
          order by e2.is_point_of_authority desc, e2.id limit 1) poa on true
        join locations l on l.tenant_id = ${t} and l.id = poa.location_id
        join districts d on d.tenant_id = ${t} and d.id = ${districtId}
        join data_collections dc on dc.tenant_id = ${t} and dc.id = ${collectionId}
        where x.output_status = 'Generated' and x.file_name is not null
        order by l.name, l.id, s.last_name_key, s.first_name_key, x.student_id
        limit ${ZIP_LIMIT + 1}`,
    );
  });
  if (!found.length) throw notFound(NOTHING_TO_DOWNLOAD);
  if (found.length > ZIP_LIMIT) throw new AppError(400, TOO_MANY_FOR_ZIP);

  const schools: Row[][] = [];
  for (const row of found) {
    const last = schools.at(-1);
    if (last && last[0].location_id === row.location_id) last.push(row);
    else schools.push([row]);
  }
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      try {
        for (const school of schools) {
          const merger = await TaggedPdfMerger.create();
          for (const row of school) await merger.add(await bytesOf(row.file_name));
          const languages = new Set(school.map((r) => r.language));
          const words = WORDS[languages.size === 1 ? school[0].language : "en"];
          merger.doc.setSubject(`${school[0].collection_name}, ${school[0].location_name}`);
          const pdf = await merger.save({ title: `${words.title}: ${school[0].location_name}`, lang: words.lang });
          const entry = new ZipPassThrough(`${safe(school[0].location_name)} (${school[0].location_id}).pdf`);
          zip.add(entry);
          entry.push(pdf, true);
        }
        zip.end();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const name = `isr-${collectionId}-district-${districtId}.zip`;
  return { body, headers: new Headers({ "content-type": "application/zip", "content-disposition": contentDisposition(name) }) };
}
