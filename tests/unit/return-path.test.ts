import { describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth";
import { safeReturnPath } from "@/lib/auth/routes";

const OWN = "http://localhost:3000";

describe("safeReturnPath", () => {
  it("keeps a path of ours, as path and query", () => {
    expect(safeReturnPath("/teacher/dashboard?tab=2")).toBe("/teacher/dashboard?tab=2");
    expect(safeReturnPath("/teacher/x?y=1#part")).toBe("/teacher/x?y=1");
    expect(safeReturnPath(`${OWN}/profile?a=b`, OWN)).toBe("/profile?a=b");
    expect(safeReturnPath("/%2F%2Fevil.invalid")).toBe("/%2F%2Fevil.invalid");
  });

  it("refuses whitespace and control characters anywhere, which browsers would drop", () => {
    // /sign-in?callbackUrl=%2F%09%2Fevil.invalid%2Fphish arrives as "/\t/evil.invalid/phish".
    for (const bad of [
      "/\t/evil.invalid/phish",
      "/\n/evil.invalid",
      "/\r/evil.invalid",
      "/ /evil.invalid",
      "\t//evil.invalid",
      "/x\u0000",
      "/\u00a0/evil.invalid",
      "/\u2028/evil.invalid",
      "/\u0085/x",
    ]) {
      expect(safeReturnPath(bad, OWN)).toBeNull();
    }
  });

  it("refuses anything that leaves our origin", () => {
    for (const bad of [
      "https://evil.invalid",
      "//evil.invalid",
      "/\\evil.invalid",
      "\\\\evil.invalid",
      "/.//evil.invalid",
      "/..//evil.invalid",
      "javascript:alert(1)",
      "http://localhost:3001/x",
      "https://localhost:3000/x",
      "",
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad, OWN)).toBeNull();
    }
    // Without our origin at hand, absolute URLs never pass.
    expect(safeReturnPath(`${OWN}/profile`)).toBeNull();
  });
});

describe("next-auth's redirect after sign-in", () => {
  const redirect = (url: string) => authOptions().callbacks!.redirect!({ url, baseUrl: OWN });

  it("stays on our origin whatever callbackUrl says", async () => {
    expect(await redirect("/\t/evil.invalid/phish")).toBe(OWN);
    expect(await redirect("http://evil.invalid/phish")).toBe(OWN);
    expect(await redirect("//evil.invalid/phish")).toBe(OWN);
    expect(await redirect("/teacher/dashboard?tab=2")).toBe(`${OWN}/teacher/dashboard?tab=2`);
    expect(await redirect(`${OWN}/profile`)).toBe(`${OWN}/profile`);
  });
});
