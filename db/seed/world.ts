import { database } from "../client";
import { accountKey } from "./demo-accounts";
import { DEMO_ACCOUNT_PLANS, DEMO_TENANTS } from "./demo-plan";
import { seedTenants } from "./demo";

/**
 * A test world: the demo's two tenants and accounts again, under names of their own, so a journey
 * changes only what it owns. Maryland's copy is the tenant `tag` (host tag.localhost), Ohio's is
 * `tag-ohio`; teacher@demo.test becomes teacher@tag.test. Organisations, children and scores are the
 * demo's, seeded from the same plan keys.
 */
export interface World {
  tag: string;
  /** Tenant slug (first host label) by plan key: maryland → tag, ohio → tag-ohio. */
  slugs: Record<string, string>;
  /** Username by account key ("teacher", "tenant.admin", "ohio.teacher" ...). */
  accounts: Record<string, string>;
}

const TAG = /^[a-z][a-z0-9]{2,20}$/;

export async function seedWorld(tag: string, now = new Date()): Promise<World> {
  if (!TAG.test(tag)) throw new Error("A world's tag is 3 to 21 lower-case letters and digits, starting with a letter.");
  const slugs = Object.fromEntries(DEMO_TENANTS.map((plan, i) => [plan.key, i === 0 ? tag : `${tag}-${plan.key}`]));
  const tenants = DEMO_TENANTS.map((plan) => ({ ...plan, slug: slugs[plan.key], hostAliases: [] }));
  const accounts = DEMO_ACCOUNT_PLANS.map((plan) => ({ ...plan, email: `${accountKey(plan.email)}@${tag}.test` }));
  await database().db.transaction((tx) => seedTenants(tx, { tenants, accounts }, now));
  return { tag, slugs, accounts: Object.fromEntries(accounts.map((a) => [accountKey(a.email), a.email])) };
}
