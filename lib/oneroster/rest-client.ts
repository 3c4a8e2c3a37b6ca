import "server-only";
import { REST_COLLECTIONS, type RestCollection, type RestRecords } from "./rest-bundle";

/**
 * A OneRoster 1.2 rostering REST consumer: an OAuth 2.0 client-credentials token (client id and
 * secret by HTTP Basic, as RFC 6749 §2.3.1 prefers), then every record of each collection the intake
 * reads, page by page (`limit`/`offset`), with `filter=dateLastModified>'…'` for a delta. Nothing is
 * kept until every page has arrived, so a failure changes nothing. Failures carry our own message
 * (never the secret, the token or the provider's text); refusals and bad answers are permanent, a
 * network failure or a 5xx is worth a retry.
 */

export class PullFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface ProviderSettings {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

/** Records a page asks for; the 1.2 binding's default is 100 and providers cap it (often 1,000–3,000). */
export const PAGE_SIZE = 1000;
const MAX_PAGES = 10_000;
const TIMEOUT_MS = 60_000;
const SCOPES = [
  "https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly",
  "https://purl.imsglobal.org/spec/or/v1p2/scope/roster-demographics.readonly",
].join(" ");

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new PullFailure(`Cannot reach the provider's ${what}`, false);
  }
}

async function token(p: ProviderSettings): Promise<string> {
  const res = await send(
    p.tokenUrl,
    {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: SCOPES }).toString(),
    },
    "token URL",
  );
  if (res.status >= 500) throw new PullFailure(`The provider's token URL failed (HTTP ${res.status})`, false);
  if (!res.ok) throw new PullFailure(`The provider refused the client id and secret (HTTP ${res.status})`, true);
  const body = (await res.json().catch(() => null)) as { access_token?: unknown; token_type?: unknown } | null;
  if (typeof body?.access_token !== "string" || !body.access_token) throw new PullFailure("The provider's token URL did not answer an access token", true);
  return body.access_token;
}

async function collection(p: ProviderSettings, bearer: string, name: RestCollection, since: Date | null): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const offset = found.length;
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
    if (since) query.set("filter", `dateLastModified>'${since.toISOString()}'`);
    const res = await send(`${p.baseUrl}/${name}?${query}`, { headers: { authorization: `Bearer ${bearer}`, accept: "application/json" } }, name);
    if (res.status >= 500) throw new PullFailure(`The provider failed on ${name} (HTTP ${res.status}, offset ${offset})`, false);
    if (!res.ok) throw new PullFailure(`The provider refused ${name} (HTTP ${res.status}, offset ${offset})`, true);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    const items = body?.[name];
    if (!Array.isArray(items) || items.some((item) => !item || typeof item !== "object" || typeof item.sourcedId !== "string"))
      throw new PullFailure(`The provider's page of ${name} at offset ${offset} is not OneRoster 1.2 JSON`, true);
    found.push(...(items as Record<string, unknown>[]));
    // Providers may send fewer than the limit asked (their own maximum), so a short page is not the
    // end: X-Total-Count is, where sent, else an empty page.
    const total = res.headers.get("x-total-count");
    if (!items.length || (total !== null && /^\d+$/.test(total) && found.length >= Number(total))) return found;
  }
  throw new PullFailure(`The provider sent more than ${MAX_PAGES} pages of ${name}`, true);
}

/** Every record of the collections the intake reads (modified since `since` when given). */
export async function pullRecords(p: ProviderSettings, since: Date | null): Promise<RestRecords> {
  const bearer = await token(p);
  const records = {} as RestRecords;
  for (const name of REST_COLLECTIONS) records[name] = await collection(p, bearer, name, since);
  return records;
}
