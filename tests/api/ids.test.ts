import { describe, expect, it } from "vitest";
import { GET as districtGet } from "@/app/en/api/v1/districts/[id]/route";
import { GET as regionsGet } from "@/app/en/api/v1/regions/route";
import { PUT as updateProfile } from "@/app/en/api/v1/users/route";
import { idSchema } from "@/lib/platform/schemas";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeRegion, makeTenant, makeUser } from "../support/factories";

const LOOSE = ["0x0b", "+11", "11.0", " 11", "11 ", "1e1", "011x", "-11", "0", "", "2147483648", "99999999999", "١١"];

describe("ids accept only digits", () => {
  it("idSchema takes digits as text or a whole JSON number, and nothing else", () => {
    const id = idSchema("Bad id");
    expect(id.parse("11")).toBe(11);
    expect(id.parse("011")).toBe(11);
    expect(id.parse(11)).toBe(11);
    expect(id.parse(2_147_483_647)).toBe(2_147_483_647);
    for (const bad of [...LOOSE, 11.5, -1, 0, true, null, [11], { id: 11 }]) {
      expect(id.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe("Bad id");
    }
  });

  it("in a path (/districts/{id}) and a query (?parentId=)", async () => {
    const tenant = await makeTenant();
    const region = await makeRegion(tenant.id);
    const district = await makeDistrict(tenant.id, region.id);
    const token = await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
    expect((await call(districtGet, "GET", `/en/api/v1/districts/${district.id}`, { token, params: { id: String(district.id) } })).status).toBe(200);
    for (const bad of [`0x${district.id.toString(16)}`, `+${district.id}`, `${district.id}.0`, ` ${district.id}`]) {
      const res = await call(districtGet, "GET", "/en/api/v1/districts/x", { token, params: { id: bad } });
      expect(res, bad).toMatchObject({ status: 400, body: { errors: [{ field: "id" }] } });
    }
    expect((await call(regionsGet, "GET", "/en/api/v1/regions", { token, query: { parentId: String(tenant.id) } })).status).toBe(200);
    const loose = await call(regionsGet, "GET", "/en/api/v1/regions", { token, query: { parentId: `${tenant.id}.0` } });
    expect(loose).toMatchObject({ status: 400, body: { errors: [{ field: "parentId" }] } });
  });

  it("in a JSON body (PUT /users id): digits as text or a number", async () => {
    const tenant = await makeTenant();
    const user = await makeUser(tenant.id);
    const token = await tokenFor(user);
    const put = (id: unknown) => call(updateProfile, "PUT", "/en/api/v1/users", { token, body: { id, firstName: "Ann" } });
    expect((await put(user.id)).status).toBe(200);
    expect((await put(String(user.id))).status).toBe(200);
    for (const bad of [`0x${user.id.toString(16)}`, `+${user.id}`, `${user.id}.0`, `${user.id}e0`]) {
      expect(await put(bad), bad).toMatchObject({ status: 400, body: { message: "User id is required" } });
    }
  });
});
