import { beforeAll, describe, expect, it } from "vitest";
import { label, operations, send, type Operation } from "../support/openapi-operations";
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

let tokens: string[];

beforeAll(async () => {
  tokens = await updateWorld();
}, 300_000);

describe("a record read and written back unchanged", () => {
  const roundTrips = updateOperations().filter(editsItsRead);

  it("covers the resources with a GET and a PUT", () => {
    expect(roundTrips.map(label)).toEqual(
      expect.arrayContaining([
        "PUT /students",
        "PUT /tenants",
        "PUT /data-collections-filters",
        "PUT /regions",
        "PUT /users",
        "PUT /data-collections/{id}/groups",
      ]),
    );
  });

  it("PUT /data-collections/{id}/supports?admin=true (a support the collection offers)", async () => {
    const op = operations().find((o) => label(o) === "PUT /data-collections/{id}/supports")!;
    const get = operations().find((o) => o.method === "GET" && o.path === op.path)!;
    const admin = { admin: "true" };
    const { collectionId, supportId } = await offeredSupport(get, tokens[0]);
    const params = { id: String(collectionId) };
    const listed = async () => {
      const res = await send(get, { params, token: tokens[0], query: admin, read: true });
      return (res.body as { supports: { id: number }[] }).supports.find((s) => s.id === supportId);
    };
    const record = await listed();
    await takeWrites();
    const res = await send(op, { params, token: tokens[0], query: admin, text: JSON.stringify(record), read: true });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await takeWrites(NOT_CHANGES), "tables changed").toEqual([]);
    expect(await listed()).toEqual(record);
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

/** The first collection (of those listed) that offers a support, and that support. */
async function offeredSupport(get: Operation, token: string) {
  const collections = operations().find((o) => o.method === "GET" && o.path === "/data-collections")!;
  const listed = (await send(collections, { token, read: true })).body as { dataCollections: { id: number }[] };
  for (const { id } of listed.dataCollections) {
    const res = await send(get, { params: { id: String(id) }, token, query: { admin: "true" }, read: true });
    const first = (res.body as { supports?: { id: number }[] }).supports?.[0];
    if (first) return { collectionId: id, supportId: first.id };
  }
  throw new Error("no collection offers a support");
}
