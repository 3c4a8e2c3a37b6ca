import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small Ed-Fi ODS/API for tests, on a free local port: POST /oauth/token (client credentials by
 * HTTP Basic, as the ODS/API takes them) and POST /data/v3/ed-fi/{resource} for assessments,
 * objectiveAssessments and studentAssessments, stored by their natural keys (an upsert: 201 when
 * created, 200 when updated), as the ODS/API does. `failNext` answers 503 to that many resource
 * POSTs; `refuse` answers 400 to the documents it picks; an expired token is 401.
 */
export interface MockOds {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  secret: string;
  store: Map<string, Map<string, Record<string, unknown>>>;
  posts: { resource: string; status: number }[];
  tokensIssued: number;
  failNext: number;
  refuse: (resource: string, document: Record<string, unknown>) => boolean;
  /** Tokens the server still accepts (clear it to expire them all). */
  live: Set<string>;
  close(): Promise<void>;
}

const KEYS: Record<string, (d: Record<string, unknown>) => unknown[]> = {
  assessments: (d) => [d.assessmentIdentifier, d.namespace],
  objectiveAssessments: (d) => [JSON.stringify(d.assessmentReference), d.identificationCode],
  studentAssessments: (d) => [JSON.stringify(d.assessmentReference), JSON.stringify(d.studentReference), d.studentAssessmentIdentifier],
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });

export async function startMockOds(): Promise<MockOds> {
  const ods: Omit<MockOds, "baseUrl" | "tokenUrl" | "close"> = {
    clientId: "kra-platform",
    secret: "s3cret-value",
    store: new Map(),
    posts: [],
    tokensIssued: 0,
    failNext: 0,
    refuse: () => false,
    live: new Set(),
  };
  const server = createServer(async (req, res) => {
    const answer = (status: number, body?: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body === undefined ? "" : JSON.stringify(body));
    };
    const body = await read(req);
    if (req.method === "POST" && req.url === "/oauth/token") {
      const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":")
        .map(decodeURIComponent);
      if (new URLSearchParams(body).get("grant_type") !== "client_credentials" || id !== ods.clientId || secret !== ods.secret)
        return answer(401, { error: "invalid_client" });
      const token = `token-${++ods.tokensIssued}`;
      ods.live.add(token);
      return answer(200, { access_token: token, expires_in: 1800, token_type: "bearer" });
    }
    const match = /^\/data\/v3\/ed-fi\/(\w+)$/.exec(req.url ?? "");
    if (req.method !== "POST" || !match || !KEYS[match[1]]) return answer(404);
    const resource = match[1];
    const record = (status: number) => {
      ods.posts.push({ resource, status });
      return status;
    };
    if (!ods.live.has((req.headers.authorization ?? "").replace(/^Bearer /, ""))) return answer(record(401));
    if (ods.failNext > 0) {
      ods.failNext--;
      return answer(record(503));
    }
    const document = JSON.parse(body) as Record<string, unknown>;
    if (ods.refuse(resource, document)) return answer(record(400), { message: "Validation failed" });
    const table = ods.store.get(resource) ?? new Map();
    ods.store.set(resource, table);
    const key = JSON.stringify(KEYS[resource](document));
    const existed = table.has(key);
    table.set(key, document);
    return answer(record(existed ? 200 : 201));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(ods, {
    baseUrl: `http://127.0.0.1:${port}/data/v3`,
    tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as MockOds;
}
