import type { PendingOp } from "@/lib/scoring/screen-types";

/* Changes sent to the scores API, one or a batch. A network failure is told apart from the server's refusal. */

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

export type SetOp = Extract<PendingOp, { kind: "set" }>;

type CellAnswer = { status: number; message?: string; grade?: SavedGrade; result?: StudentResult };

/** A refusal's message, or a 5xx without one (a proxy's) taken for the connection dropping. */
async function refusal(res: Response): Promise<SendOutcome> {
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  if (res.status >= 502 && !body?.message) return { ok: false, network: true };
  return { ok: false, network: false, message: body?.message ?? `The change was not saved (${res.status})` };
}

/**
 * Grades on distinct cells in one call: an outcome per op, in order (a refused cell is refused
 * alone), or one network failure for all of them.
 */
export async function sendSets(collectionId: number, ops: SetOp[]): Promise<SendOutcome[] | { ok: false; network: true }> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return { ok: false, network: true };
  const scores = ops.map((op) => ({
    studentEnrollmentId: op.enrollmentId,
    assessmentItemsId: op.itemId,
    assessmentItemsScalesEntriesId: op.entryId,
    requestKey: op.requestKey,
  }));
  let res: Response;
  try {
    res = await fetch(`${base(collectionId)}/batch`, {
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      method: "POST",
      body: JSON.stringify({ scores }),
    });
  } catch {
    return { ok: false, network: true };
  }
  if (!res.ok) {
    const outcome = await refusal(res);
    return outcome.ok === false && outcome.network ? outcome : ops.map(() => outcome);
  }
  const body = (await res.json().catch(() => null)) as { scores?: CellAnswer[] } | null;
  return ops.map((_, i): SendOutcome => {
    const answer = body?.scores?.[i];
    if (answer?.status === 200) return { ok: true, grade: answer.grade ?? null, result: answer.result ?? null };
    return { ok: false, network: false, message: answer?.message ?? "The change was not saved" };
  });
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
  if (!res.ok) return refusal(res);
  const body = (await res.json().catch(() => null)) as { grade?: SavedGrade; result?: StudentResult } | null;
  return { ok: true, grade: body?.grade ?? null, result: body?.result ?? null };
}
