import type { PendingOp } from "@/lib/scoring/screen-types";

/* One change sent to the scores API. A network failure is told apart from the server's refusal. */

export interface SavedGrade {
  id: number;
  studentEnrollmentId: number;
  assessmentItemsId: number;
  assessmentItemsScalesEntriesId: number;
  comment: string | null;
  artifactCount: number;
}

export interface StudentResult {
  studentEnrollmentId: number;
  progress: number;
}

export type SendOutcome =
  { ok: true; grade: SavedGrade | null; result: StudentResult | null } | { ok: false; network: true } | { ok: false; network: false; message: string };

const base = (collectionId: number) => `/en/api/v1/data-collections/${collectionId}/scores`;

function request(collectionId: number, op: PendingOp, gradeId: number | null): Promise<Response> | null {
  const init: RequestInit = { credentials: "same-origin", headers: { "content-type": "application/json" } };
  if (op.kind === "set") {
    const body = { studentEnrollmentId: op.enrollmentId, assessmentItemsId: op.itemId, assessmentItemsScalesEntriesId: op.entryId, requestKey: op.requestKey };
    return fetch(base(collectionId), { ...init, method: "POST", body: JSON.stringify(body) });
  }
  // Clearing or commenting a cell the server holds no grade for has nothing to send.
  if (gradeId === null) return null;
  if (op.kind === "clear") return fetch(`${base(collectionId)}/${gradeId}?requestKey=${op.requestKey}`, { ...init, method: "DELETE" });
  return fetch(base(collectionId), { ...init, method: "PUT", body: JSON.stringify({ id: gradeId, comment: op.comment, requestKey: op.requestKey }) });
}

export async function sendOp(collectionId: number, op: PendingOp, gradeId: number | null): Promise<SendOutcome> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { ok: false, network: true };
  let res: Response;
  try {
    const pending = request(collectionId, op, gradeId);
    if (!pending) return { ok: true, grade: null, result: null };
    res = await pending;
  } catch {
    return { ok: false, network: true };
  }
  const body = (await res.json().catch(() => null)) as { message?: string; grade?: SavedGrade; result?: StudentResult } | null;
  if (!res.ok) {
    // A 5xx from a proxy with no JSON is treated like the connection dropping: kept and sent again.
    if (res.status >= 502 && !body?.message) return { ok: false, network: true };
    return { ok: false, network: false, message: body?.message ?? `The change was not saved (${res.status})` };
  }
  return { ok: true, grade: body?.grade ?? null, result: body?.result ?? null };
}
