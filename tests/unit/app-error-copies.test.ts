import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/platform/errors";

/*
 * Next bundles lib/platform/errors.ts once per layer (pages, route handlers). A process-wide
 * singleton made by one layer (the storage driver on globalThis) throws that copy's AppError into
 * the other: in a production build a missing tenant logo answered 500 instead of 404.
 */
describe("AppError across copies of its module", () => {
  it("is an AppError to every copy, and nothing else is", async () => {
    vi.resetModules();
    const copy = await import("@/lib/platform/errors");
    expect(copy.AppError).not.toBe(AppError);
    const theirs = new copy.AppError(404, "File not found");
    expect(theirs instanceof AppError).toBe(true);
    expect(new AppError(400, "x") instanceof copy.AppError).toBe(true);
    expect(new Error("plain") instanceof AppError).toBe(false);
    expect(Object.assign(new Error("look-alike"), { name: "AppError", status: 404 }) instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
    // A subclass still checks its own class.
    class Narrow extends AppError {}
    expect(new AppError(400, "x") instanceof Narrow).toBe(false);
    expect(new Narrow(400, "x") instanceof Narrow && new Narrow(400, "x") instanceof copy.AppError).toBe(true);
  });
});
