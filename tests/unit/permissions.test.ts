import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { authorize, can, defaultActiveRole, mayImpersonateRoles } from "@/lib/auth/permissions";
import { AppError } from "@/lib/platform/errors";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe("permission table", () => {
  it("grants by role and refuses the rest with the spec's 403", () => {
    expect(can({ roles: ["ROLE_TEACHER"] }, "area.teacher")).toBe(true);
    expect(can({ roles: ["ROLE_TEACHER"] }, "area.administrator")).toBe(false);
    expect(can({ roles: ["ROLE_TENANT_ADMIN"] }, "scope.tenant")).toBe(true);
    expect(can({ roles: ["ROLE_ADMIN"] }, "scope.tenant")).toBe(false);
    expect(can({ roles: [] }, "users.read")).toBe(false);
    let caught: unknown;
    try {
      authorize({ roles: ["ROLE_TEACHER"] }, "system.schoolYears");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(403);
    expect((caught as AppError).message).toBe("Token does not have the required permissions");
  });

  it("picks the active role by the spec's priority", () => {
    expect(defaultActiveRole(["ROLE_TEACHER", "ROLE_ADMIN"])).toBe("ROLE_ADMIN");
    expect(defaultActiveRole(["ROLE_TRAINER"])).toBe("ROLE_TRAINER");
    expect(defaultActiveRole([])).toBe("none");
  });

  it("never lets anyone impersonate upwards", () => {
    expect(mayImpersonateRoles({ roles: ["ROLE_ADMIN"] }, ["ROLE_TEACHER"])).toBe(true);
    expect(mayImpersonateRoles({ roles: ["ROLE_ADMIN"] }, ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"])).toBe(false);
    expect(mayImpersonateRoles({ roles: ["ROLE_ADMIN"] }, ["ROLE_HELPDESK_ADMIN"])).toBe(false);
    expect(mayImpersonateRoles({ roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }, ["ROLE_SYSTEM_ADMIN"])).toBe(false);
    expect(mayImpersonateRoles({ roles: ["ROLE_SYSTEM_ADMIN"] }, ["ROLE_SYSTEM_ADMIN"])).toBe(false);
    expect(mayImpersonateRoles({ roles: ["ROLE_TEACHER"] }, ["ROLE_TEACHER"])).toBe(false);
  });

  it("is the only place that looks at role names", () => {
    // Role names may appear only in the table, the area list that ties areas to roles, and labels.
    const allowed = new Set(["lib/auth/permissions.ts", "lib/auth/routes.ts", "lib/profile/roles.ts"]);
    const offenders = ["app", "lib", "components", "jobs", "proxy.ts"]
      .flatMap((entry) => (statSync(entry).isDirectory() ? sourceFiles(entry) : [entry]))
      .filter((file) => !allowed.has(file))
      .filter((file) => /roles\.includes\(|"ROLE_[A-Z_]+"/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
