import { inArray, sql } from "drizzle-orm";
import { env } from "../../lib/platform/env";
import { database, type Executor } from "../client";
import { tenants, users } from "../schema";
import { ELA, KRA } from "./assessment-content";
import { createCollection, openWindow, type CollectionWindow } from "./collections";
import { accountKey, createDemoAccounts, type DemoUser } from "./demo-accounts";
import { addAnnouncements, addNotifications } from "./demo-messages";
import { addMilestones } from "./demo-milestones";
import { DEMO_ACCOUNT_PLANS, DEMO_ACCOUNTS, DEMO_TENANTS, type DemoAccount, type TenantPlan } from "./demo-plan";
import { createTenantOrgs, enrollClasses, type BuiltTenant } from "./demo-tenant";
import { createRandom, seedOf } from "./random";
import { ensureSchoolYears, ensureSharedAssessment, schoolYearOf, type SeededItem } from "./reference";
import { assignEnrollments, enterScores, recordScoreHistory, recordSupports } from "./scoring";

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-plan";

/** Demo data is on by default outside production; production needs SEED_DEMO=true. */
export function demoSeedingEnabled(): boolean {
  const config = env();
  return config.SEED_DEMO ?? config.NODE_ENV !== "production";
}

/** The KRA items of the demo collections: about 50 of the assessment's 60, the first of each domain. */
const DEMO_KRA_ITEMS: Record<string, number> = { LL: 13, MA: 13, SF: 12, PD: 12 };

function demoKraItems(items: SeededItem[]): SeededItem[] {
  const taken = new Map<string, number>();
  return items.filter((item) => {
    const n = (taken.get(item.domain) ?? 0) + 1;
    taken.set(item.domain, n);
    return n <= DEMO_KRA_ITEMS[item.domain];
  });
}

/** A collection of the tenant with every child assigned, about half the scores, their history and some supports. */
async function populatedCollection(
  executor: Executor,
  input: Parameters<typeof createCollection>[1] & { now: Date; planKey: string },
): Promise<{ id: number; name: string; window: CollectionWindow }> {
  const { planKey, ...spec } = input;
  const collection = await createCollection(executor, spec);
  const ref = { tenantId: input.tenantId, collectionId: collection.id };
  // Salted by the plan, not the tenant's id: a test world's copy of Maryland gets Maryland's scores.
  const salt = seedOf(`demo:${planKey}:${input.collectionName}`);
  await assignEnrollments(executor, { ...ref, tokenSalt: `demo:${salt}`, createdAt: input.window.cycleStartDate });
  await enterScores(executor, { ...ref, salt, now: input.now });
  await recordScoreHistory(executor, ref);
  await recordSupports(executor, { ...ref, supportIds: collection.supportIds, salt });
  return { id: collection.id, name: input.collectionName, window: input.window };
}

/** Which tenants and accounts to seed: the demo's, or a test world's copy of them under its own names. */
export interface SeedShape {
  tenants: TenantPlan[];
  accounts: DemoAccount[];
}

/**
 * The tenants of the shape with organisations, classrooms, the accounts, an open KRA and an open ELA
 * collection each with about half the scores entered, announcements, notifications and rating
 * milestones (one open now). Deterministic for a given `now` and plan keys. Returns the accounts by
 * accountKey.
 */
export async function seedTenants(executor: Executor, shape: SeedShape, now = new Date()): Promise<Map<string, DemoUser>> {
  const schoolYearId = await ensureSchoolYears(executor, now);
  const kra = await ensureSharedAssessment(executor, KRA);
  const ela = await ensureSharedAssessment(executor, ELA);
  const year = Number(schoolYearOf(now).startDate.slice(0, 4));

  const built = new Map<string, BuiltTenant>();
  for (const plan of shape.tenants) built.set(plan.key, await createTenantOrgs(executor, plan, createRandom(`demo:${plan.key}:orgs`)));
  const accounts = await createDemoAccounts(executor, shape.accounts, built);
  const tenantAdmin = accounts.get("tenant.admin");

  const kraOf = new Map<number, { id: number; name: string; window: CollectionWindow }>();
  for (const plan of shape.tenants) {
    const tenant = built.get(plan.key)!;
    const tenantId = tenant.tenantId;
    const rosterOwners = new Map(
      shape.accounts.filter((a) => a.tenant === plan.key && a.teachesAt !== undefined).map((a) => [a.teachesAt!, accounts.get(accountKey(a.email))!.id]),
    );
    await enrollClasses(executor, {
      tenant,
      random: createRandom(`demo:${plan.key}:children`),
      ssidOffset: plan.ssidOffset,
      schoolYearStart: year,
      rosterOwners,
    });
    const createdBy = tenantAdmin?.tenantId === tenantId ? tenantAdmin.id : undefined;
    const kraCollection = await populatedCollection(executor, {
      tenantId,
      schoolYearId,
      assessmentId: kra.id,
      def: KRA,
      items: demoKraItems(kra.items),
      collectionName: `Kindergarten Readiness Fall ${year}`,
      window: openWindow(now),
      createdBy,
      now,
      planKey: plan.key,
    });
    const elaName = `Early Learning Fall Checkpoint ${year}`;
    await populatedCollection(executor, {
      tenantId,
      schoolYearId,
      assessmentId: ela.id,
      def: ELA,
      items: ela.items,
      collectionName: elaName,
      window: openWindow(now, 28, 28),
      createdBy,
      now,
      planKey: plan.key,
    });
    kraOf.set(tenantId, kraCollection);
    await addAnnouncements(executor, { tenantId, createdBy, now, kra: kraCollection, elaName: ELA.name });
    await addMilestones(executor, { tenantId, now });
  }
  await addNotifications(executor, { accounts, now, kraOf, reportName: "KRA scale score report" });
  return accounts;
}

/** Arbitrary constant: the advisory lock that keeps two starting app instances from seeding twice. */
const SEED_LOCK = 727_001;

/**
 * Seed the demo when the database has no tenant yet (and demo data is enabled), in one
 * transaction: a failed seed leaves the database empty, and a second call seeds nothing.
 */
export async function seedDemoIfEmpty(options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (!demoSeedingEnabled()) return { seeded: false };
  return database().db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ id: tenants.id }).from(tenants).limit(1);
    if (existing) return { seeded: false };
    await seedTenants(tx, { tenants: DEMO_TENANTS, accounts: DEMO_ACCOUNT_PLANS }, options.now);
    return { seeded: true };
  });
}

/** Whether the demo accounts exist (seeded now or on an earlier start): the start-up banner lists them only then. */
export async function demoAccountsPresent(): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const [row] = await database().db.select({ id: users.id }).from(users).where(inArray(users.username, emails)).limit(1);
  return Boolean(row);
}
