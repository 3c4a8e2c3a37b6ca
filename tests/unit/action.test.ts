import { notFound, redirect } from "next/navigation";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { action } from "@/lib/platform/action";
import { AppError } from "@/lib/platform/errors";

// Server actions read the request's headers; here there is no request, so no session either.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "user-agent": "vitest", host: "localhost:3000" }) }));

const input = z.object({ name: z.string().min(1, "Name is required"), tags: z.array(z.string()).optional() });

describe("server-action wrapper", () => {
  it("runs a public action without a session, with typed input or a form's FormData (repeated names as arrays)", async () => {
    const echo = action({ input, public: true }, async (fields, request) => ({ ...fields, agent: request.get("user-agent") }));
    expect(await echo({ name: "Ada" })).toEqual({ ok: true, data: { name: "Ada", agent: "vitest" } });
    const form = new FormData();
    form.append("name", "Ada");
    form.append("tags", "a");
    form.append("tags", "b");
    expect(await echo(form)).toEqual({ ok: true, data: { name: "Ada", tags: ["a", "b"], agent: "vitest" } });
  });

  it("answers input and service errors in the API's words, and 401 for an action that needs a session", async () => {
    const refuse = action({ input, public: true }, async () => {
      throw new AppError(409, "Taken", [{ field: "name", message: "Taken" }]);
    });
    expect(await refuse({ name: "" })).toEqual({ ok: false, message: "Name is required", errors: [{ field: "name", message: "Name is required" }] });
    expect(await refuse({ name: "x" })).toEqual({ ok: false, message: "Taken", errors: [{ field: "name", message: "Taken" }] });
    const signedIn = action({ input }, async () => "never");
    expect(await signedIn({ name: "x" })).toEqual({ ok: false, message: "Authorization Error" });
  });

  it("refuses an unknown key by name, as API bodies do; an undefined key or React's own form fields are no input", async () => {
    const echo = action({ input, public: true }, async (fields) => fields);
    const unknown = "nickname is not a field of this request";
    expect(await echo({ name: "Ada", nickname: "A" } as never)).toEqual({ ok: false, message: unknown, errors: [{ field: "nickname", message: unknown }] });
    expect(await echo({ name: "Ada", nickname: undefined } as never)).toEqual({ ok: true, data: { name: "Ada" } });
    const form = new FormData();
    form.append("name", "Ada");
    form.append("$ACTION_ID_0123", "");
    expect(await echo(form)).toEqual({ ok: true, data: { name: "Ada" } });
  });

  it("lets Next's redirect() and notFound() through to Next", async () => {
    const goes = action({ input, public: true }, async () => redirect("/somewhere"));
    await expect(goes({ name: "x" })).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    const missing = action({ input, public: true }, async () => notFound());
    await expect(missing({ name: "x" })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });
});
