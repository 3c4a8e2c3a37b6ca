import { beforeAll, describe, expect, it } from "vitest";
import { tokenFor } from "../support/api";
import { demoWorld, firstCollectionId } from "../support/demo-world";
import { label, send } from "../support/openapi-operations";
import { bodyWith, reach, readElsewhere, updateOperations } from "../support/records";
import { makeUpdateFixtures } from "../support/update-fixtures";
import { installWriteLog, takeWrites } from "../support/write-log";

/*
 * Writes take what reads return: for each resource with a GET and a PUT (the update's record read
 * at its own path, its one-record path or its collection), the record as GET answers it, PUT back
 * unchanged, is a success that changes nothing. Integrators read a record and write it back; a key
 * the read gives and the write refuses (or drops) breaks them. Updates whose records are read
 * elsewhere (a grade through the grades list, a transfer's decision) are actions, not round trips.
 */

process.env.API_CHECK_RESPONSES = "1";

const NOT_CHANGES = ["auth_sessions", "audit_log"];

let tokens: string[];

beforeAll(async () => {
  const { user, teacher } = await demoWorld();
  tokens = [await tokenFor(user), await tokenFor(teacher)];
  await makeUpdateFixtures(tokens[0], user, await firstCollectionId(user.tenantId));
  await installWriteLog();
}, 300_000);

describe("a record read and written back unchanged", () => {
  const roundTrips = updateOperations().filter((op) => !readElsewhere(op));

  it("covers the resources with a GET and a PUT", () => {
    expect(roundTrips.map(label)).toEqual(expect.arrayContaining(["PUT /students", "PUT /tenants", "PUT /data-collections-filters", "PUT /regions"]));
  });

  for (const op of roundTrips) {
    it(label(op), async () => {
      const { target, token } = await reach(op, tokens);
      await takeWrites();
      const body = bodyWith(op, target.record);
      const res = await send(op, { params: target.params, token, text: JSON.stringify(body), read: true });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(await takeWrites(NOT_CHANGES), "tables changed").toEqual([]);
      expect(await target.reread()).toEqual(target.record);
    });
  }
});
