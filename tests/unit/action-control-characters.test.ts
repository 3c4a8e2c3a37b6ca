import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { action } from "@/lib/platform/action";

vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000" }) }));

describe("server-action wrapper and control characters", () => {
  it("answers a NUL in a form field (the forgot-password form) with the field's 400 text, never running the action", async () => {
    const run = vi.fn(async () => "sent");
    const forgot = action({ input: z.object({ email: z.string() }), public: true }, run);
    const message = "email may not contain control characters";
    expect(await forgot({ email: "a\u0000b@x.org" })).toEqual({ ok: false, message, errors: [{ field: "email", message }] });
    const form = new FormData();
    form.append("email", "a\u0000b@x.org");
    expect(await forgot(form)).toMatchObject({ ok: false, message });
    expect(run).not.toHaveBeenCalled();
    expect(await forgot({ email: "ab@x.org" })).toEqual({ ok: true, data: "sent" });
  });
});
