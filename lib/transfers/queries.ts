import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import type { TransferList, TransferListQuery, TransferRow } from "./schemas";

/**
 * The three transfer lists (spec: incoming, outgoing, history). Incoming: open requests into a
 * location the admin reaches (they decide them); outgoing: open requests out of one; history:
 * decided or withdrawn requests touching either side. Tenant admins see both sides of everything.
 */

interface Row {
  id: number;
  created_at: number;
  student_id: number;
  student_enrollment_id: number;
  first_name: string;
  last_name: string;
  tenant_unique_id: string;
  origin_location_id: number;
  origin_location_name: string;
  origin_district_id: number;
  origin_district_name: string;
  origin_district_unique_id: string | null;
  destination_location_id: number;
  destination_location_name: string;
  destination_district_id: number;
  destination_district_name: string;
  destination_district_unique_id: string | null;
  status: "pending" | "approved" | "declined";
  requested_by: string | null;
  decided_by: string | null;
  decided_at: number | null;
  deleted: boolean;
  can_decide: boolean;
  can_withdraw: boolean;
}

function toTransfer(r: Row): TransferRow {
  return {
    id: r.id,
    createdAt: Number(r.created_at),
    studentId: r.student_id,
    enrollmentId: r.student_enrollment_id,
    studentFirstName: r.first_name,
    studentLastName: r.last_name,
    tenantUniqueId: r.tenant_unique_id,
    origin: { locationId: r.origin_location_id, locationName: r.origin_location_name, districtId: r.origin_district_id, districtName: r.origin_district_name },
    destination: {
      locationId: r.destination_location_id,
      locationName: r.destination_location_name,
      districtId: r.destination_district_id,
      districtName: r.destination_district_name,
    },
    studentOriginDistrictUniqueId: r.origin_district_unique_id,
    studentDestinationDistrictUniqueId: r.destination_district_unique_id,
    status: r.status,
    isApproved: r.status === "pending" ? null : r.status === "approved",
    requestedBy: r.requested_by,
    decidedBy: r.decided_by,
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    deleted: r.deleted,
    canDecide: r.status === "pending" && !r.deleted && r.can_decide,
    canWithdraw: r.status === "pending" && !r.deleted && r.can_withdraw,
  };
}

const epoch = (column: string) => sql.raw(`extract(epoch from ${column})::bigint`);

/** The columns of a transfer row; the actor's reach decides canDecide (the receiving side) and canWithdraw (the sending side). */
function selectTransfers(actor: Actor): SQL {
  const t = actor.tenantId;
  return sql`select tr.id, ${epoch("tr.created_at")} as created_at, tr.student_id, tr.student_enrollment_id,
      s.first_name, s.last_name, s.tenant_unique_id,
      ol.id as origin_location_id, ol.name as origin_location_name, od.id as origin_district_id, od.name as origin_district_name, od.unique_id as origin_district_unique_id,
      dl.id as destination_location_id, dl.name as destination_location_name, dd.id as destination_district_id, dd.name as destination_district_name, dd.unique_id as destination_district_unique_id,
      tr.status, ru.first_name || ' ' || ru.last_name as requested_by, du.first_name || ' ' || du.last_name as decided_by,
      ${epoch("tr.decided_at")} as decided_at, tr.deleted, ${locationInReach(actor, sql`tr.destination_location_id`, ADMINISTRATIVE)} as can_decide,
      ${locationInReach(actor, sql`tr.origin_location_id`, ADMINISTRATIVE)} as can_withdraw
    from transfers tr
    join students s on s.tenant_id = ${t} and s.id = tr.student_id
    join locations ol on ol.tenant_id = ${t} and ol.id = tr.origin_location_id
    join districts od on od.tenant_id = ${t} and od.id = ol.district_id
    join locations dl on dl.tenant_id = ${t} and dl.id = tr.destination_location_id
    join districts dd on dd.tenant_id = ${t} and dd.id = dl.district_id
    left join users ru on ru.tenant_id = ${t} and ru.id = tr.requested_by
    left join users du on du.tenant_id = ${t} and du.id = tr.decided_by`;
}

const open = sql`tr.status = 'pending' and not tr.deleted`;

function listCondition(list: TransferList, actor: Actor): SQL {
  const into = locationInReach(actor, sql`tr.destination_location_id`, ADMINISTRATIVE);
  const outOf = locationInReach(actor, sql`tr.origin_location_id`, ADMINISTRATIVE);
  if (list === "incoming") return sql`${open} and ${into}`;
  if (list === "outgoing") return sql`${open} and ${outOf}`;
  return sql`not (${open}) and (${into} or ${outOf})`;
}

/** GET /transfers/{incoming|outgoing|history}: one page, newest first, with the total. */
export async function listTransfers(actor: Actor, list: TransferList, query: TransferListQuery) {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const where = sql`tr.tenant_id = ${t} and ${listCondition(list, actor)}`;
    const order = list === "history" ? sql`coalesce(tr.decided_at, tr.updated_at) desc, tr.id desc` : sql`tr.created_at desc, tr.id desc`;
    const found = await rows<Row>(
      db(),
      sql`${selectTransfers(actor)} where ${where} order by ${order} limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [total] = await rows<{ n: number | string }>(db(), sql`select count(*) as n from transfers tr where ${where}`);
    return { transfers: found.map(toTransfer), total: Number(total.n), page: query.page, pageSize: query.pageSize };
  });
}

/** One transfer either side of which the admin reaches (404 otherwise); call inside forTenant. */
export async function transferInReach(actor: Actor, id: number): Promise<TransferRow> {
  const t = actor.tenantId;
  const [row] = await rows<Row>(
    db(),
    sql`${selectTransfers(actor)} where tr.tenant_id = ${t} and tr.id = ${id}
      and (${locationInReach(actor, sql`tr.destination_location_id`, ADMINISTRATIVE)} or ${locationInReach(actor, sql`tr.origin_location_id`, ADMINISTRATIVE)})`,
  );
  if (!row) throw notFound();
  return toTransfer(row);
}
