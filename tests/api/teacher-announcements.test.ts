import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { announcements } from "@/db/schema";
import { listTeacherAnnouncements } from "@/lib/announcements/teacher";
import { AppError } from "@/lib/platform/errors";
import { makeTenant, makeUser } from "../support/factories";
import { actorOf } from "../support/school-fixtures";

const DAY = 86_400_000;
let teacher: { id: number; tenantId: number };
let admin: { id: number; tenantId: number };

beforeAll(async () => {
  const a = await makeTenant({ name: "Tenant A" });
  const b = await makeTenant({ name: "Tenant B" });
  teacher = await makeUser(a.id, { roles: ["ROLE_TEACHER"] });
  admin = await makeUser(a.id, { roles: ["ROLE_ADMIN"] });
  const now = Date.now();
  await db()
    .insert(announcements)
    .values([
      { tenantId: a.id, title: "Running", text: "now", startDate: new Date(now - DAY), endDate: new Date(now + DAY) },
      { tenantId: a.id, title: "Past", text: "old", startDate: new Date(now - 9 * DAY), endDate: new Date(now - 8 * DAY) },
      { tenantId: a.id, title: "Upcoming", text: "soon", startDate: new Date(now + 5 * DAY), endDate: new Date(now + 6 * DAY) },
      { tenantId: b.id, title: "Other tenant", text: "B only", startDate: new Date(now - DAY), endDate: new Date(now + DAY) },
    ]);
});

describe("teacher announcements", () => {
  it("lists every announcement of the teacher's tenant, latest start first", async () => {
    const found = await listTeacherAnnouncements(await actorOf(teacher));
    expect(found.map((a) => a.title)).toEqual(["Upcoming", "Running", "Past"]);
    expect(found[0].startDate).toBeInstanceOf(Date);
  });

  it("refuses a person without the teacher role", async () => {
    const error = await listTeacherAnnouncements(await actorOf(admin)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(403);
  });
});
