import { hash } from "@node-rs/argon2";
import type { Executor } from "../client";
import { userFeatures, userOrganizations, userRoles, users } from "../schema";
import { DEMO_ACCOUNT_PLANS, DEMO_PASSWORD } from "./demo-plan";
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

/**
 * Every demo account with its roles, features and organisation link. The accounts share one
 * password, so one argon2id hash serves them all and the first start pays for one hash, not ten.
 */
export async function createDemoAccounts(executor: Executor, tenants: Map<string, BuiltTenant>): Promise<Map<string, DemoUser>> {
  const passwordHash = await hash(DEMO_PASSWORD, ARGON2ID);
  const created = new Map<string, DemoUser>();
  for (const plan of DEMO_ACCOUNT_PLANS) {
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
    created.set(plan.email, { id: user.id, tenantId });
  }
  return created;
}
