import { describe, expect, it } from "vitest";
import { z } from "zod";
import { strictSchema } from "@/lib/platform/strict-schema";

const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => ({ code: i.code, path: i.path, keys: "keys" in i ? i.keys : undefined }));

describe("strictSchema", () => {
  it("refuses unknown keys at every depth: objects, optional, nullable, arrays, records, unions", () => {
    const item = z.object({ id: z.number(), note: z.string().optional() });
    const schema = strictSchema(
      z.object({
        id: z.number(),
        child: item.optional(),
        nothing: item.nullable(),
        list: z.array(item),
        byName: z.record(z.string(), item),
        either: z.union([z.string(), item]),
      }),
    );
    const good = { id: 1, child: { id: 2 }, nothing: null, list: [{ id: 3 }], byName: { a: { id: 4 } }, either: { id: 5 } };
    expect(schema.parse(good)).toEqual(good);
    expect(issues(schema, { ...good, extra: 1 })).toEqual([{ code: "unrecognized_keys", path: [], keys: ["extra"] }]);
    expect(issues(schema, { ...good, child: { id: 2, x: 1 } })).toEqual([{ code: "unrecognized_keys", path: ["child"], keys: ["x"] }]);
    expect(issues(schema, { ...good, list: [{ id: 3 }, { id: 4, y: 1 }] })).toEqual([{ code: "unrecognized_keys", path: ["list", 1], keys: ["y"] }]);
    expect(issues(schema, { ...good, byName: { a: { id: 4, z: 1 } } })).toEqual([{ code: "unrecognized_keys", path: ["byName", "a"], keys: ["z"] }]);
    expect(schema.safeParse({ ...good, either: { id: 5, w: 1 } }).success).toBe(false);
  });

  it("keeps refinements, transforms, defaults and a declared catchall; a preprocess's output is checked too", () => {
    const refined = strictSchema(z.object({ a: z.number(), b: z.number() }).refine((v) => v.a < v.b, { message: "a before b", path: ["a"] }));
    expect(refined.safeParse({ a: 2, b: 1 }).error?.issues[0].message).toBe("a before b");
    const mapped = strictSchema(z.object({ a: z.number().default(1) }).transform((v) => ({ double: v.a * 2 })));
    expect(mapped.parse({})).toEqual({ double: 2 });
    expect(mapped.safeParse({ b: 1 }).success).toBe(false);
    expect(strictSchema(z.looseObject({ a: z.number() })).parse({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    const renamed = strictSchema(z.preprocess((v) => ({ ...(v as object), renamed: true }), z.object({ renamed: z.boolean() })));
    expect(renamed.safeParse({}).success).toBe(true);
    expect(renamed.safeParse({ other: 1 }).success).toBe(false);
  });

  it("leaves the original schema as it was, and describes the copy as closed", () => {
    const original = z.object({ a: z.number() }).describe("A thing");
    const copy = strictSchema(original);
    expect(original.parse({ a: 1, b: 2 })).toEqual({ a: 1 });
    expect(strictSchema(original)).toBe(copy);
    expect(z.toJSONSchema(copy, { io: "input" })).toMatchObject({ description: "A thing", additionalProperties: false });
  });
});
