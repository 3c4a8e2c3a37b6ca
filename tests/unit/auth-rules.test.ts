import { describe, expect, it } from "vitest";
import { csrfTokenOf, newCsrfCookieValue } from "@/lib/auth/cookies";
import { signInErrorText } from "@/lib/auth/messages";
import { loginSchema } from "@/lib/auth/schemas";
import { PASSWORD_RULES, passwordProblems } from "@/lib/auth/password-rules";
import { dashboardFor, isPublicPath, isSignedInOnlyPath, requiredPermission, safeReturnPath } from "@/lib/auth/routes";
import { brandFor, hostLabel } from "@/lib/auth/tenant-host";

describe("host branding", () => {
  it("reads the first label of the host and picks the state's logo, one alias for Maryland, else the default", () => {
    expect(hostLabel("Ohio.kra.example.org:3000")).toBe("ohio");
    expect(hostLabel("localhost:3100")).toBe("localhost");
    expect(hostLabel("127.0.0.1:3000")).toBe("");
    expect(hostLabel(null)).toBe("");
    for (const [label, key] of [
      ["ohio", "ohio"],
      ["hawaii", "hawaii"],
      ["indiana", "indiana"],
      ["maryland", "maryland"],
      ["michigan", "michigan"],
      ["southcarolina", "south-carolina"],
      ["south-carolina", "south-carolina"],
      ["mdk", "maryland"],
    ]) {
      expect(brandFor(label)).toMatchObject({ key, logoUrl: `/logos/${key}.svg` });
    }
    expect(brandFor("localhost")).toMatchObject({ key: "default", logoUrl: "/logos/default.svg" });
    expect(brandFor("")).toMatchObject({ key: "default" });
  });
});

describe("route rules", () => {
  it("guards each area by its role and opens only the public pages", () => {
    expect(requiredPermission("/teacher")).toBe("area.teacher");
    expect(requiredPermission("/teacher/dashboard")).toBe("area.teacher");
    expect(requiredPermission("/administrator/users")).toBe("area.administrator");
    expect(requiredPermission("/system/tenants")).toBe("area.system");
    expect(requiredPermission("/teachers-lounge")).toBeNull();
    expect(isSignedInOnlyPath("/profile")).toBe(true);
    expect(isSignedInOnlyPath("/downloads")).toBe(true);
    expect(isSignedInOnlyPath("/notifications")).toBe(true);
    for (const path of ["/", "/sign-in", "/forgot", "/reset-password", "/user-registration", "/sign-out", "/api-reference", "/api-reference/users"])
      expect(isPublicPath(path)).toBe(true);
    for (const path of ["/teacher", "/profile", "/system/reset-cache", "/anything"]) expect(isPublicPath(path)).toBe(false);
  });

  it("sends each active role to its dashboard", () => {
    expect(dashboardFor("ROLE_SYSTEM_ADMIN")).toBe("/system/dashboard");
    expect(dashboardFor("ROLE_ADMIN")).toBe("/administrator/dashboard");
    expect(dashboardFor("ROLE_TEACHER")).toBe("/teacher/dashboard");
    expect(dashboardFor("ROLE_TRAINER")).toBe("/profile");
    expect(dashboardFor("none")).toBe("/profile");
  });

  it("keeps only same-site return paths", () => {
    expect(safeReturnPath("/teacher/x?y=1")).toBe("/teacher/x?y=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "", null, undefined]) expect(safeReturnPath(bad)).toBeNull();
  });
});

describe("password rules", () => {
  it("names each broken rule in checklist order", () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual(["8 to 30 characters", "An uppercase letter", "A lowercase letter", "A digit", "No spaces"]);
    expect(passwordProblems("Good-pass1")).toEqual([]);
    expect(passwordProblems("a b")).toEqual([
      "Password must be 8 to 30 characters long",
      "Password must contain an uppercase letter",
      "Password must contain a digit",
      "Password must not contain spaces",
    ]);
  });
});

describe("sign-in error codes", () => {
  it("maps known codes to their text and anything else to the invalid-credentials text", () => {
    expect(signInErrorText("AccountLocked")).toMatch(/locked after 5 failed sign-in attempts/);
    expect(signInErrorText("<script>alert(1)</script>")).toBe("Invalid username or password");
    expect(signInErrorText(null)).toBeNull();
  });
});

describe("sign-in input", () => {
  it("refuses a username with a NUL or another control character as a format error, whichever form sends it", () => {
    expect(loginSchema.safeParse({ username: "teacher@demo.test", password: "x" }).success).toBe(true);
    for (const username of ["teacher\u0000@demo.test", "teacher@demo.test\u0000", "tea\u0007cher@demo.test", "teacher@demo\u007f.test"]) {
      expect(loginSchema.safeParse({ username, password: "x" }).success, JSON.stringify(username)).toBe(false);
    }
  });
});

describe("CSRF cookie", () => {
  it("accepts its own values and refuses forged ones", () => {
    const value = newCsrfCookieValue();
    const token = value.split("|")[0];
    expect(csrfTokenOf(value)).toBe(token);
    expect(csrfTokenOf(`${token}|${"0".repeat(64)}`)).toBeNull();
    expect(csrfTokenOf("garbage")).toBeNull();
    expect(csrfTokenOf(undefined)).toBeNull();
  });
});
