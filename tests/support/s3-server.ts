import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

interface KoaContext {
  req: IncomingMessage;
  res: ServerResponse;
  status: number;
  type: string;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: Middleware[];
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

// s3rver ships CommonJS without types.
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

const rfc3986 = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/**
 * Why SigV4 verification of presigned URLs is ours: s3rver 3.7 accepts any V4 signature (its check
 * is unimplemented), and forks that verify need Node 22+. Browsers use exactly these URLs, so a
 * wrong presign must fail here as it would on S3: 403 SignatureDoesNotMatch, or AccessDenied when expired.
 */
export function presignedSigV4Check(secret: string): Middleware {
  return async (ctx, next) => {
    const [rawPath, rawQuery = ""] = (ctx.req.url ?? "").split("?");
    const pairs = rawQuery
      .split("&")
      .filter(Boolean)
      .map((p) => p.split("=").map((x) => decodeURIComponent(x.replace(/\+/g, " "))) as [string, string?]);
    const query = new Map(pairs.map(([k, v]) => [k, v ?? ""]));
    if (!query.has("X-Amz-Signature")) return next();
    const refuse = (code: string) => {
      ctx.status = 403;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
    };
    const date = query.get("X-Amz-Date") ?? "";
    const [, day, region, service] = (query.get("X-Amz-Credential") ?? "").split("/");
    const signedHeaders = (query.get("X-Amz-SignedHeaders") ?? "").split(";");
    const canonicalQuery = pairs
      .filter(([k]) => k !== "X-Amz-Signature")
      .map(([k, v]) => [rfc3986(k), rfc3986(v ?? "")])
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("&");
    const headers = signedHeaders.map((h) => `${h}:${String(ctx.req.headers[h] ?? "").trim()}\n`).join("");
    const canonical = [ctx.req.method, rawPath, canonicalQuery, headers, signedHeaders.join(";"), query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD"].join(
      "\n",
    );
    const scope = `${day}/${region}/${service}/aws4_request`;
    const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
    const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), "aws4_request");
    const expected = Buffer.from(hmac(key, toSign).toString("hex"));
    const given = Buffer.from(query.get("X-Amz-Signature") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refuse("SignatureDoesNotMatch");
    const signedAt = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    if (signedAt + Number(query.get("X-Amz-Expires")) * 1000 < Date.now()) return refuse("AccessDenied");
    return next();
  };
}

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, storing into a temporary folder
 * that is removed on stop, with presigned URLs checked as S3 checks them.
 */
export async function startS3Server(bucket = "assessment-test"): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "ap-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(presignedSigV4Check(SECRET_KEY));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    // s3rver's built-in account.
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
