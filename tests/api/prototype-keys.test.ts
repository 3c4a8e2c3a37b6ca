import { describe, expect, it } from "vitest";
import { GET as tenantSearch } from "@/app/en/api/v1/tenant_search/[tenant]/route";
import { signInErrorText, signInReasonText } from "@/lib/auth/messages";
import { brandFor, DEFAULT_BRAND } from "@/lib/auth/tenant-host";
import { brandingForHost } from "@/lib/auth/tenants";
import { call } from "../support/api";

const PROTOTYPE_KEYS = ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString"];

describe("lookups by label use own keys only", () => {
  it("GET /tenant_search/{label} answers 404 for Object's prototype keys", async () => {
    for (const label of PROTOTYPE_KEYS) {
      const res = await call(tenantSearch, "GET", `/en/api/v1/tenant_search/${label}`, { params: { tenant: label } });
      expect(res, label).toMatchObject({ status: 404, body: { message: `No tenant matches '${label.toLowerCase()}'` } });
    }
    // Not a host label at all (underscores), so refused as such, never found.
    expect((await call(tenantSearch, "GET", "/en/api/v1/tenant_search/__proto__", { params: { tenant: "__proto__" } })).status).toBe(400);
    expect((await call(tenantSearch, "GET", "/en/api/v1/tenant_search/ohio", { params: { tenant: "ohio" } })).body.name).toBe("Ohio");
  });

  it("a host or a sign-in link naming a prototype key gets the defaults", async () => {
    for (const key of [...PROTOTYPE_KEYS, "__proto__"]) {
      expect(brandFor(key)).toEqual(DEFAULT_BRAND);
      expect(signInErrorText(key)).toBe("Invalid username or password");
      expect(signInReasonText(key)).toBeNull();
    }
    expect(await brandingForHost("constructor.kra.example.org")).toMatchObject({ id: null, name: DEFAULT_BRAND.name });
    expect(signInReasonText("logout")).toBe("You have been logged out.");
  });
});
