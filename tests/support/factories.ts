import { db } from "@/db/client";
import { tenants, userOrganizations, userRoles, users, type OrgType, type Role } from "@/db/schema";

let seq = 0;
const next = () => `${process.pid}${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** Factories make each test's own rows; tests never lean on seeded demo data. */
export async function makeTenant(overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const n = next();
  const [tenant] = await db().insert(tenants).values({ name: `Tenant ${n}`, slug: `tenant-${n}`, ...overrides }).returning();
  return tenant;
}

export async function makeUser(
  tenantId: number,
  options: { roles?: Role[]; orgs?: { orgType: OrgType; id: number; administrative?: boolean }[] } & Partial<typeof users.$inferInsert> = {},
) {
  const { roles = [], orgs = [], ...overrides } = options;
  const n = next();
  const [user] = await db()
    .insert(users)
    .values({ tenantId, username: `user${n}@test.example`, email: `user${n}@test.example`, firstName: "Test", lastName: `User${n}`, ...overrides })
    .returning();
  if (roles.length) await db().insert(userRoles).values(roles.map((role) => ({ tenantId, userId: user.id, role })));
  if (orgs.length) {
    await db()
      .insert(userOrganizations)
      .values(orgs.map((o) => ({ tenantId, userId: user.id, orgType: o.orgType, parentId: o.id, administrative: o.administrative ?? false })));
  }
  return user;
}
