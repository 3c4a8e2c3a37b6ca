import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { SheetDomain } from "./document";

/**
 * What the paper sheets print of a collection (score sheets, rating sheets): its items by domain in
 * the collection's order, each with its scale's entries. Read by tenant id, not by actor, so the
 * class-sheet job can read it too: callers check access first and run it inside their tenant's
 * binding (forTenant / withTenant).
 */

export interface SheetContent {
  collectionName: string;
  schoolYearId: number | null;
  domains: SheetDomain[];
}

interface ItemRow {
  id: number;
  code: string;
  label: string;
  hierarchy_id: number | null;
  scale_id: number | null;
}

export async function sheetContent(tenantId: number, collectionId: number): Promise<SheetContent | null> {
  const [collection] = await rows<{ collection_name: string; school_year_id: number | null; assessment_id: number }>(
    db(),
    sql`select collection_name, school_year_id, assessment_id from data_collections where tenant_id = ${tenantId} and id = ${collectionId}`,
  );
  if (!collection) return null;
  const items = await rows<ItemRow>(
    db(),
    sql`select ai.id, ai.code, ai.label, coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id) as hierarchy_id, coalesce(ci.scale_id, ai.scale_id) as scale_id
      from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
      where ci.tenant_id = ${tenantId} and ci.data_collection_id = ${collectionId}
      order by ci.sort_order, ai.id`,
  );
  const entries = await rows<{ id: number; scale_id: number; code: string; label: string }>(
    db(),
    sql`select se.id, se.scale_id, se.code, se.label from scale_entries se join scales s on s.id = se.scale_id
      where s.assessment_id = ${collection.assessment_id} order by se.sort_order, se.id`,
  );
  const hierarchy = await rows<{ id: number; parent_id: number | null; label: string }>(
    db(),
    sql`select id, parent_id, label from assessment_hierarchy_items where assessment_id = ${collection.assessment_id} order by sort_order, id`,
  );
  const byId = new Map(hierarchy.map((h) => [h.id, h]));
  const top = (id: number | null) => {
    let node = id === null ? undefined : byId.get(id);
    while (node && node.parent_id !== null && byId.has(node.parent_id)) node = byId.get(node.parent_id);
    return node;
  };
  const domains = new Map<string, SheetDomain>();
  for (const item of items) {
    const domain = top(item.hierarchy_id);
    const key = domain ? `d${domain.id}` : "other";
    if (!domains.has(key)) domains.set(key, { label: domain ? domain.label : "Items", items: [] });
    domains.get(key)!.items.push({
      id: item.id,
      code: item.code,
      label: item.label,
      entries: entries.filter((e) => e.scale_id === item.scale_id).map((e) => ({ id: e.id, code: e.code, label: e.label })),
    });
  }
  const order = hierarchy.filter((h) => h.parent_id === null).map((h) => `d${h.id}`);
  const rank = (key: string) => (order.indexOf(key) === -1 ? 1e9 : order.indexOf(key));
  const sorted = [...domains.entries()].sort(([a], [b]) => rank(a) - rank(b));
  return { collectionName: collection.collection_name, schoolYearId: collection.school_year_id, domains: sorted.map(([, d]) => d) };
}
