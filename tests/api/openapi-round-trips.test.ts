import { beforeAll, describe, expect, it } from "vitest";
import { label, send } from "../support/openapi-operations";
import { bodyWith, editsItsRead, reach, unstamped, updateOperations } from "../support/records";
import { NOT_CHANGES, updateWorld } from "../support/update-fixtures";
import { takeWrites } from "../support/write-log";

/*
 * Writes take what reads return: for each resource with a GET and a PUT (the update's record read
 * at its own path, its one-record path or its collection), the record as GET answers it, PUT back
 * unchanged, is a success that changes nothing. Integrators read a record and write it back; a key
 * the read gives and the write refuses (or drops) breaks them. Updates whose records are read
 * elsewhere (a grade through the grades list, a transfer's decision) are actions, not round trips.
 */

process.env.API_CHECK_RESPONSES = "1";

let tokens: string[];

beforeAll(async () => {
  tokens = await updateWorld();
}, 300_000);

/**
 * Reads whose shape the write does not take yet, pinned (each answers 400 naming the keys) so that a
 * fix removes them: a collection's schoolYear object (the write takes its id), a user's roles held
 * through links and account fields, an integration's tenantId and licenses (only its list has them).
 */
const NOT_YET = ["PUT /data-collections", "PUT /users", "PUT /tenant-integrations/{id}"];
/** A teacher's class records neither the demo's powerful actor nor its teacher reach yet. */
const NO_RECORD_YET = ["PUT /data-collections/{id}/groups", "PUT /data-collections/{id}/supports"];

describe("a record read and written back unchanged", () => {
  const roundTrips = updateOperations().filter((op) => editsItsRead(op) && !NOT_YET.includes(label(op)) && !NO_RECORD_YET.includes(label(op)));

  for (const op of updateOperations().filter((o) => NOT_YET.includes(label(o)))) {
    it(`${label(op)}: not yet (400)`, async () => {
      const { target, token } = await reach(op, tokens);
      const res = await send(op, { params: target.params, token, text: JSON.stringify(bodyWith(op, target.record)), read: true });
      expect(res.status).toBe(400);
    });
  }

  for (const op of updateOperations().filter((o) => NO_RECORD_YET.includes(label(o)))) {
    it(`${label(op)}: no record reached yet`, async () => {
      await expect(reach(op, tokens)).rejects.toThrow(/no record/);
    });
  }

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
      expect(unstamped(await target.reread())).toEqual(unstamped(target.record));
    });
  }
});
