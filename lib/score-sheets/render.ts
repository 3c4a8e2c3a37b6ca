import "server-only";
import { randomInt } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { SheetContent } from "./content";
import { renderScoreSheet, type SheetChild, type SheetDomain } from "./document";

/** The children a sheet prints (alias e: student_enrollments), by name; run inside the tenant's binding. */
export interface ChildRow {
  id: number;
  first_name: string;
  last_name: string;
  tenant_unique_id: string;
  school: string;
}

export const childrenOf = (tenantId: number, where: SQL) =>
  rows<ChildRow>(
    db(),
    sql`select e.id, s.first_name, s.last_name, s.tenant_unique_id, l.name as school
      from student_enrollments e
      join students s on s.tenant_id = e.tenant_id and s.id = e.student_id
      join locations l on l.tenant_id = e.tenant_id and l.id = e.location_id
      where e.tenant_id = ${tenantId} and ${where}
      order by lower(s.last_name), lower(s.first_name), e.id`,
  );

/** A practice sheet ticks one rating entry per item at random. */
function practiceDomains(domains: SheetDomain[]): SheetDomain[] {
  return domains.map((d) => ({
    ...d,
    items: d.items.map((item) => ({ ...item, picked: item.entries.length ? item.entries[randomInt(item.entries.length)].code : null })),
  }));
}

/** A score sheet as a tagged PDF (title, language, headings), as the ISR (lib/pdf/tagged-document.ts). */
export async function renderSheet(tenantName: string, c: SheetContent, children: ChildRow[], practice: boolean): Promise<Buffer> {
  const sheetChildren: SheetChild[] = children.map((k) => ({
    name: `${k.first_name} ${k.last_name}`,
    stateId: k.tenant_unique_id,
    school: k.school,
    domains: practice ? practiceDomains(c.domains) : c.domains,
  }));
  const printedOn = new Date().toLocaleDateString("en-US", { timeZone: "UTC", month: "2-digit", day: "2-digit", year: "numeric" });
  return renderScoreSheet({ tenantName, collectionName: c.collectionName, printedOn, practice, children: sheetChildren });
}
