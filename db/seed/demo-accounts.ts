import { hash } from "@node-rs/argon2";
import type { Executor } from "../client";
import { userFeatures, userOrganizations, userRoles, users } from "../schema";
import { DEMO_PASSWORD, type DemoAccount } from "./demo-plan";
import type { BuiltTenant } from "./demo-tenant";

/**
 * lib/auth/password.ts's argon2id parameters (OWASP baseline: 19 MiB, 2 passes, 1 lane). That module
 * is server-only, which the seed CLI cannot import, so the parameters are repeated here.
 */
const ARGON2ID = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface DemoUser {
  id: number;
  tenantId: number;
}

/** An account's name within its plan, the same in the demo and in a test world: "teacher" of teacher@demo.test. */
export const accountKey = (email: string) => email.slice(0, email.indexOf("@"));

/**
 * Every account of the plans with its roles, features and organisation link, keyed by accountKey.
 * The accounts share one password, so one argon2id hash serves them all and the first start pays for
 * one hash, not ten. `tenants` are keyed by their plan's key.
 */
export async function createDemoAccounts(executor: Executor, plans: DemoAccount[], tenants: Map<string, BuiltTenant>): Promise<Map<string, DemoUser>> {
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2ID);
  const created = new Map<string, DemoUser>();
  for (const plan of plans) {
    const tenant = tenants.get(plan.tenant)!;
    const tenantId = tenant.tenantId;
    const [user] = await executor
      .insert(users)
      .values({ tenantId, username: plan.email, email: plan.email, firstName: plan.firstName, lastName: plan.lastName, passwordHash })
      .returning({ id: users.id });
    await executor.insert(userRoles).values(plan.roles.map((role) => ({ tenantId, userId: user.id, role })));
    if (plan.features?.length) await executor.insert(userFeatures).values(plan.features.map((feature) => ({ tenantId, userId: user.id, feature })));
    if (plan.link) {
      const { orgType, index, administrative } = plan.link;
      const parentId = orgType === "region" ? tenant.regionIds[index] : orgType === "district" ? tenant.districtIds[index] : tenant.locations[index].id;
      await executor.insert(userOrganizations).values({ tenantId, userId: user.id, orgType, parentId, administrative });
    }
    created.set(accountKey(plan.email), { id: user.id, tenantId });
  }
  return created;
}
