import { beforeAll, describe, expect, it } from "vitest";
import { label, send } from "../support/openapi-operations";
import { bodyWith, leastOf, reach, unstamped, updateOperations } from "../support/records";
import { NOT_CHANGES, updateWorld } from "../support/update-fixtures";
import { takeWrites } from "../support/write-log";

/*
 * A PUT changes only what it names: each update operation of the document, sent its record's id
 * alone, then its id with only the fields it requires (as read), leaves every table as it was.
 * `PUT /tenants {"id":4}` once set the tenant's logoUrl to null: an omitted field keeps its value
 * (null clears it, on purpose).
 */

let tokens: string[];

beforeAll(async () => {
  tokens = await updateWorld();
}, 300_000);

describe("an update sent only its id changes nothing", () => {
  for (const op of updateOperations()) {
    it(label(op), async () => {
      const { target, token } = await reach(op, tokens);
      for (const fields of [{ id: target.record.id }, leastOf(op, target.record)]) {
        await takeWrites();
        const body = bodyWith(op, fields);
        const res = await send(op, { params: target.params, token, text: JSON.stringify(body), read: true });
        expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(await takeWrites(NOT_CHANGES), `tables changed by ${JSON.stringify(body)}`).toEqual([]);
        expect(unstamped(await target.reread())).toEqual(unstamped(target.record));
      }
    });
  }
});
