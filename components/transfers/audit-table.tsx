import { PlainTable } from "@/components/ui/plain-table";
import { idsIn, orgKey, orgKindOf } from "@/lib/audit/org-fields";
import type { AuditEntryRow } from "@/lib/audit/schemas";
import { formatDateTime } from "@/lib/shell/format";

const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** A value as the page shows it: an organisation's id becomes its name (the id kept after it, for lookups). */
function shown(entry: AuditEntryRow, field: string, v: unknown): string {
  const kind = orgKindOf(field, entry.entityType, entry.details.orgType);
  const ids = kind ? idsIn(v) : [];
  if (!kind || !ids.length) return show(v);
  const named = (id: number) => {
    const name = entry.organizationNames[orgKey(kind, id)];
    return name ? `${name} (#${id})` : `#${id}`;
  };
  return ids.map(named).join(", ");
}

/** Detail fields named for people: an organisation id field reads as the organisation. */
const fieldLabel = (field: string) => field.replace(/(Location|District|Region)?Id$/, (_m, k: string | undefined) => (k ? ` ${k.toLowerCase()}` : ""));

/** Before and after per field; else the changed fields' names; else the row's other details. */
function Changes({ entry }: { entry: AuditEntryRow }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length) {
    return (
      <ul className="flex flex-col gap-0.5">
        {keys.map((k) => (
          <li key={k}>
            <span className="font-medium text-slate-800">{orgKindOf(k, entry.entityType, entry.details.orgType) ? fieldLabel(k) : k}</span>:{" "}
            {shown(entry, k, entry.before?.[k])} <span aria-hidden="true">→</span>
            <span className="sr-only">changed to</span> {shown(entry, k, entry.after?.[k])}
          </li>
        ))}
      </ul>
    );
  }
  if (entry.fields.length) return <>Fields: {entry.fields.join(", ")}</>;
  const rest = Object.entries(entry.details);
  return rest.length ? (
    <span className="break-all text-slate-700">
      {rest.map(([k, v]) => `${orgKindOf(k, entry.entityType, entry.details.orgType) ? fieldLabel(k) : k}: ${shown(entry, k, v)}`).join("; ")}
    </span>
  ) : (
    <>—</>
  );
}

/** The audit trail page's rows (paged on the server); bare, as the page frames them with its pager. */
export function AuditTable({ entries }: { entries: AuditEntryRow[] }) {
  return (
    <PlainTable
      bare
      label="Audit trail"
      caption="Audit trail, newest first"
      columns={["When", "Who", "Action", "Record", "Before → after"]}
      rows={entries}
      empty="No changes match these filters."
    >
      {(entry) => (
        <tr key={entry.id} className="border-t border-slate-200">
          <td className="whitespace-nowrap">{formatDateTime(entry.occurredAt)}</td>
          <td>
            {entry.userName ?? "System"}
            {entry.impersonatorName && <span className="block text-xs text-slate-600">as impersonated by {entry.impersonatorName}</span>}
          </td>
          <td>{entry.action}</td>
          <td>
            <span className="block">{entry.subject ?? "—"}</span>
            <span className="block text-xs text-slate-600">
              {entry.entityType}
              {entry.entityId ? ` #${entry.entityId}` : ""}
            </span>
          </td>
          <td>
            <Changes entry={entry} />
          </td>
        </tr>
      )}
    </PlainTable>
  );
}
