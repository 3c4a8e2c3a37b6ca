import { describe, expect, it } from "vitest";
import { errorFields } from "@/lib/platform/logger";

describe("errorFields", () => {
  it("keeps a failed query's statement and the database's code and message, never its parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "students_state_id_key"'), {
      code: "23505",
      detail: "Key (tenant_id, state_id)=(1, 0012345) already exists.",
    });
    const error = new Error("Failed query: insert into students (first_name, dob) values ($1, $2)\nparams: Ada,2021-03-04", { cause });
    const fields = errorFields(error);
    expect(fields).toMatchObject({
      error: "Failed query: insert into students (first_name, dob) values ($1, $2)",
      code: "23505",
      cause: 'duplicate key value violates unique constraint "students_state_id_key"',
    });
    const line = JSON.stringify(fields);
    for (const secret of ["Ada", "2021-03-04", "0012345"]) expect(line).not.toContain(secret);
  });

  it("keeps any other error's message and stack", () => {
    const error = new Error("storage unreachable");
    expect(errorFields(error)).toEqual({ error: "storage unreachable", stack: error.stack });
    expect(errorFields("plain")).toEqual({ error: "plain" });
  });
});
