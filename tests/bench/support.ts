/**
 * What the benches that call the app's services in this process share: the owner connection, the
 * generator database's biggest tenant, the Actor a bench acts as, a file stored as a completed upload
 * leaves it, p50/p95 timing and the figures' formats. Import it dynamically, after
 * scripts/server-only-hook.mjs, as the benches import the app's modules.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import { database, rows } from "../../db/client";
import type { Actor } from "../../lib/platform/actor";
import { storage } from "../../lib/platform/storage";

/** The owner connection: a bench picks its subjects, checks and cleans up outside the tenancy the app keeps. */
export const owner = database().db;

/** The tenant with the most students (the generator's state). */
export async function biggestTenant(): Promise<number> {
  const [{ t }] = await rows<{ t: number }>(owner, sql`select tenant_id as t from students group by tenant_id order by count(*) desc limit 1`);
  return t;
}

/** The tenant's first user: a real account for what the services record (audit rows, requested_by). */
export async function firstUser(t: number): Promise<number> {
  const [{ userId }] = await rows<{ userId: number }>(owner, sql`select id as "userId" from users where tenant_id = ${t} order by id limit 1`);
  return userId;
}

/**
 * A tenant admin of `t` or, given `districtId`, the administrator of that district, as the services see
 * a signed-in account; no session behind it (read-only benches pass user 0).
 */
export function benchActor(t: number, userId: number, districtId?: number): Actor {
  return {
    userId,
    tenantId: t,
    tenantName: "bench",
    roles: districtId === undefined ? ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] : ["ROLE_ADMIN"],
    features: [],
    activeRole: "ROLE_ADMIN",
    tenantWide: districtId === undefined,
    orgs: districtId === undefined ? [] : [{ orgType: "district", id: districtId, administrative: true }],
    sessionId: "bench",
    impersonatorId: null,
    via: "internal",
  };
}

/** The biggest tenant and its first user as a tenant admin. */
export async function benchTenant(): Promise<{ t: number; actor: Actor }> {
  const t = await biggestTenant();
  return { t, actor: benchActor(t, await firstUser(t)) };
}

/**
 * `body` stored under `key` with its files row marked complete, as a finished upload leaves it (the
 * bench stands in for the upload protocol); the files row's id.
 */
export async function completedUpload(
  actor: Actor,
  purpose: string,
  key: string,
  fileName: string,
  contentType: string,
  body: string | Buffer,
): Promise<number> {
  await storage().putObject(key, body, contentType);
  const size = Buffer.byteLength(body);
  const [file] = await rows<{ id: number }>(
    owner,
    sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
      values (${actor.tenantId}, ${actor.userId}, ${purpose}, ${storage().bucket}, ${key}, ${fileName}, ${contentType}, ${size}, ${size}, 'complete', now()) returning id`,
  );
  return file.id;
}

/** p50 and p95 in ms of `count` calls of `fn`, after `warmUps` calls that warm caches and plans. */
export async function percentiles(count: number, fn: () => Promise<unknown>, warmUps = 3): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < count + warmUps; i++) {
    const started = performance.now();
    await fn();
    if (i >= warmUps) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { p50: at(50), p95: at(95) };
}

/** `percentiles` as one column of a table, `width` characters per figure. */
export const p50p95 = ({ p50, p95 }: { p50: number; p95: number }, width = 6) =>
  `p50 ${p50.toFixed(1).padStart(width)} ms  p95 ${p95.toFixed(1).padStart(width)} ms`;

/** The load average, printed beside the figures: the machine is shared, and they depend on it. */
export const loadAverage = (digits = 1) =>
  os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(" ");

export const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
