import "server-only";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { decryptSecret } from "@/lib/organisations/integration-secret";
import { PermanentJobError, RetryableJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { assessmentResource, objectiveAssessmentResources } from "./mapping";
import { planEdfi, studentAssessmentBatches, type EdfiPlan } from "./export";

/**
 * The `edfi.send` job: one run of a collection through an Ed-Fi ODS/API connection. It gets a token
 * by OAuth 2.0 client credentials, then POSTs the Assessment, its ObjectiveAssessments and every
 * child's StudentAssessment (the same documents as the download, in the connection's scope: the
 * state or its district). An Ed-Fi POST is an upsert by natural key, so a run sent again, or retried
 * from the start after a network failure, updates the same records and creates no second one.
 *
 * A refused record (4xx) is counted and its key kept (our key: no personal value) and the run goes on;
 * a refused assessment stops it (every child would be refused too). A network failure, a 5xx or a
 * 429 is retried by the job (3 retries with backoff), the whole run from the start, the run waiting as
 * queued with the reason meanwhile (failed after the last attempt); a refused client
 * (the token endpoint's 400/401) is permanent. Each step binds the tenant itself, and no transaction
 * is held across HTTP calls.
 */

type Payload = { tenantId: number; runId: number };

/** Requests in flight at once while sending children. */
const PARALLEL = 4;
const TIMEOUT_MS = 30_000;
/** Refusals kept on the run for people to read (the count is complete). */
const KEPT_REFUSALS = 20;

class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

interface Claimed {
  run_id: number;
  data_collection_id: number;
  district_id: number | null;
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret_encrypted: string;
  active: boolean;
}

async function claim({ tenantId, runId }: Payload): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update edfi_runs r set status = 'running', started_at = now(), finished_at = null, message = null, attempts = r.attempts + 1,
          sent = 0, refused = 0, refusals = '[]'::jsonb
        from edfi_connections c
        where r.tenant_id = ${tenantId} and r.id = ${runId} and c.tenant_id = r.tenant_id and c.id = r.connection_id
          and r.status in ('queued', 'running')
        returning r.id as run_id, r.data_collection_id, c.district_id, c.base_url, c.token_url, c.client_id, c.client_secret_encrypted, c.active`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from edfi_runs where tenant_id = ${tenantId} and id = ${runId}`);
    if (!existing) throw new PermanentJobError("edfi run not found");
    return null;
  });
}

/** A transport failure or a server error: worth another attempt. */
const retryable = (status: number) => status >= 500 || status === 429 || status === 408;

async function request(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new SendFailure(`Could not reach the Ed-Fi API (${what})`, false);
  }
}

/** An ODS/API session: a client-credentials token, fetched again once when a POST answers 401. */
class OdsClient {
  private token: string | null = null;

  constructor(private readonly settings: { baseUrl: string; tokenUrl: string; clientId: string; secret: string }) {}

  private async authenticate(): Promise<string> {
    const { clientId, secret, tokenUrl } = this.settings;
    const res = await request(
      tokenUrl,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
      },
      "token",
    );
    if (retryable(res.status)) throw new SendFailure(`The Ed-Fi token endpoint failed (status ${res.status})`, false);
    if (!res.ok) throw new SendFailure(`The Ed-Fi API refused the client id or secret (status ${res.status})`, true);
    const body = (await res.json().catch(() => null)) as { access_token?: unknown } | null;
    if (typeof body?.access_token !== "string" || !body.access_token) throw new SendFailure("The Ed-Fi token endpoint answered no access token", true);
    this.token = body.access_token;
    return this.token;
  }

  /** POST one resource: its status (2xx accepted; 4xx refused); a 5xx or network failure throws for a retry. */
  async post(resource: string, document: unknown): Promise<number> {
    const url = `${this.settings.baseUrl.replace(/\/+$/, "")}/ed-fi/${resource}`;
    for (let attempt = 0; ; attempt++) {
      const token = this.token ?? (await this.authenticate());
      const res = await request(
        url,
        { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(document) },
        resource,
      );
      await res.body?.cancel();
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (retryable(res.status)) throw new SendFailure(`The Ed-Fi API failed (${resource}, status ${res.status})`, false);
      return res.status;
    }
  }
}

interface Tally {
  sent: number;
  refused: number;
  refusals: { resource: string; key: string; status: number }[];
}

async function postAll(client: OdsClient, resource: string, documents: { key: string; body: unknown }[], tally: Tally, required: boolean) {
  let next = 0;
  const worker = async () => {
    while (next < documents.length) {
      const { key, body } = documents[next++];
      const status = await client.post(resource, body);
      if (status >= 200 && status < 300) {
        tally.sent++;
        continue;
      }
      if (required) throw new SendFailure(`The Ed-Fi API refused the ${resource} record ${key} (status ${status})`, true);
      tally.refused++;
      if (tally.refusals.length < KEPT_REFUSALS) tally.refusals.push({ resource, key, status });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, documents.length) }, worker));
}

async function finish(payload: Payload, outcome: Tally & { status: "succeeded" | "failed" | "queued"; message: string | null }) {
  await withTenant(payload.tenantId, () =>
    db().execute(
      sql`update edfi_runs set status = ${outcome.status}, finished_at = case when ${outcome.status} = 'queued' then null else now() end, sent = ${outcome.sent}, refused = ${outcome.refused},
        refusals = ${JSON.stringify(outcome.refusals)}::jsonb, message = ${outcome.message}
        where tenant_id = ${payload.tenantId} and id = ${payload.runId}`,
    ),
  );
}

export async function runSend(payload: Payload, context: JobContext): Promise<JobOutput> {
  const claimed = await claim(payload);
  if (!claimed) return { skipped: true };
  const tally: Tally = { sent: 0, refused: 0, refusals: [] };
  try {
    if (!claimed.active) throw new SendFailure("The Ed-Fi connection is turned off", true);
    let secret: string;
    try {
      secret = decryptSecret(claimed.client_secret_encrypted);
    } catch {
      throw new SendFailure("The client secret cannot be read: enter it again", true);
    }
    // The connection's scope as a tenant admin's download of it: the state, or its district.
    const who = { tenantId: payload.tenantId, tenantWide: true, orgs: [] };
    const plan: EdfiPlan = await withTenant(payload.tenantId, () => planEdfi(who, claimed.data_collection_id, claimed.district_id ?? undefined)).catch(
      (error: unknown) => {
        throw new SendFailure(error instanceof Error && "status" in error ? "The collection or district is gone" : "The results could not be read", true);
      },
    );
    const client = new OdsClient({ baseUrl: claimed.base_url, tokenUrl: claimed.token_url, clientId: claimed.client_id, secret });
    const assessment = assessmentResource(plan.collection);
    await postAll(client, "assessments", [{ key: assessment.assessmentIdentifier, body: assessment }], tally, true);
    const objectives = objectiveAssessmentResources(plan.collection).map((o) => ({ key: o.identificationCode, body: o }));
    await postAll(client, "objectiveAssessments", objectives, tally, true);
    for await (const batch of studentAssessmentBatches(plan)) {
      await postAll(
        client,
        "studentAssessments",
        batch.map((s) => ({ key: s.studentAssessmentIdentifier, body: s })),
        tally,
        false,
      );
    }
  } catch (error) {
    const failure = error instanceof SendFailure ? error : null;
    const again = !failure?.permanent && !context.lastAttempt;
    // A run to be retried waits as queued (its message says why), so nobody reads it as finished.
    await finish(payload, { ...tally, status: again ? "queued" : "failed", message: failure?.message ?? "Sending failed unexpectedly" });
    if (failure?.permanent) throw new PermanentJobError(failure.message);
    if (failure) throw new RetryableJobError(failure.message);
    throw error;
  }
  const message = tally.refused ? `${tally.refused} ${tally.refused === 1 ? "record was" : "records were"} refused by the Ed-Fi API` : null;
  await finish(payload, { ...tally, status: "succeeded", message });
  return { runId: payload.runId, sent: tally.sent, refused: tally.refused };
}
