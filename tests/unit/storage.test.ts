import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/platform/errors";
import { checkPartList, contentDisposition, normalizeKey, partSizeFor, safeFileName } from "@/lib/platform/storage/rules";
import { LINK_EXPIRED, LINK_INVALID, LINK_UNSIGNED, signedUrl, verifySignedUrl } from "@/lib/platform/storage/signing";

const MiB = 1024 * 1024;

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("storage keys", () => {
  it("keeps a plain key and normalises duplicate slashes and dot segments", () => {
    expect(normalizeKey("tenants/1/bulk-load/a.csv")).toBe("tenants/1/bulk-load/a.csv");
    expect(normalizeKey("tenants//1/./bulk-load///a.csv")).toBe("tenants/1/bulk-load/a.csv");
  });

  it.each([
    ["parent segment", "tenants/1/../2/a.csv"],
    ["leading parent", "../etc/passwd"],
    ["only dots", ".."],
    ["absolute path", "/etc/passwd"],
    ["windows drive", "C:/Windows/win.ini"],
    ["backslash", "tenants\\1\\a.csv"],
    ["NUL byte", "tenants/1/a.csv\u0000.png"],
    ["newline", "tenants/1/a\n.csv"],
    ["empty", ""],
    ["only slashes", "///"],
    ["trailing slash", "tenants/1/"],
    ["too long", "a/".repeat(600) + "b"],
  ])("refuses a key with %s as 400", (_label, key) => {
    expect(refusal(() => normalizeKey(key))).toEqual({ status: 400, message: "Invalid file key" });
  });

  it("refuses a key that is not a string", () => {
    expect(refusal(() => normalizeKey(42)).status).toBe(400);
    expect(refusal(() => normalizeKey(undefined)).status).toBe(400);
  });

  it("makes safe file names from whatever a person uploads", () => {
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName("C:\\Users\\me\\Roster 2026 (final).csv")).toBe("Roster_2026_final_.csv");
    expect(safeFileName("..")).toBe("file");
    expect(safeFileName(".env")).toBe("env");
  });

  it("chooses the part size: the configured one, larger only past 10,000 parts", () => {
    expect(partSizeFor(20 * MiB, 8 * MiB)).toBe(8 * MiB);
    expect(partSizeFor(undefined, 1 * MiB)).toBe(5 * MiB);
    expect(partSizeFor(200_000 * MiB, 8 * MiB)).toBe(20 * MiB);
  });

  it("writes an attachment header with an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition('Évaluation "final".csv')).toBe(
      `attachment; filename="_valuation _final_.csv"; filename*=UTF-8''%C3%89valuation%20%22final%22.csv`,
    );
  });

  it("checks a part list: not empty, ascending, no repeats", () => {
    expect(refusal(() => checkPartList([])).message).toBe("The parts list is empty");
    const order = [
      { PartNumber: 2, ETag: "b" },
      { PartNumber: 1, ETag: "a" },
    ];
    expect(refusal(() => checkPartList(order)).message).toBe("Parts must be listed in ascending order of PartNumber");
    const repeat = [
      { PartNumber: 1, ETag: "a" },
      { PartNumber: 1, ETag: "a" },
    ];
    expect(refusal(() => checkPartList(repeat)).status).toBe(400);
    expect(() =>
      checkPartList([
        { PartNumber: 1, ETag: "a" },
        { PartNumber: 3, ETag: "c" },
      ]),
    ).not.toThrow();
  });
});

describe("signed URLs", () => {
  const PATH = "/en/api/v1/storage/parts";
  const params = { key: "tenants/1/a.csv", uploadId: "abc", partNumber: "1" };

  it("verifies its own URL and answers its parameters", () => {
    const url = new URL(signedUrl("PUT", PATH, params, 60));
    expect(url.origin).toBe("http://localhost:3000");
    expect(verifySignedUrl("PUT", url)).toEqual(params);
  });

  it("refuses an unsigned URL", () => {
    const url = new URL(PATH + "?key=tenants/1/a.csv&uploadId=abc&partNumber=1", "http://localhost:3000");
    expect(refusal(() => verifySignedUrl("PUT", url))).toEqual({ status: 403, message: LINK_UNSIGNED });
    const noExpiry = new URL(signedUrl("PUT", PATH, params, 60));
    noExpiry.searchParams.delete("expires");
    expect(refusal(() => verifySignedUrl("PUT", noExpiry))).toEqual({ status: 403, message: LINK_UNSIGNED });
  });

  it("refuses a URL whose key, part, expiry, path or method was changed, or with a parameter added", () => {
    const tamper = (change: (u: URL) => void, method = "PUT") => {
      const url = new URL(signedUrl("PUT", PATH, params, 60));
      change(url);
      return refusal(() => verifySignedUrl(method, url));
    };
    const invalid = { status: 403, message: LINK_INVALID };
    expect(tamper((u) => u.searchParams.set("key", "tenants/2/a.csv"))).toEqual(invalid);
    expect(tamper((u) => u.searchParams.set("partNumber", "2"))).toEqual(invalid);
    expect(tamper((u) => u.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 3600)))).toEqual(invalid);
    expect(tamper((u) => (u.pathname = "/en/api/v1/storage/download"))).toEqual(invalid);
    expect(tamper((u) => u.searchParams.append("fileName", "x.exe"))).toEqual(invalid);
    expect(tamper((u) => u.searchParams.append("key", "tenants/2/a.csv"))).toEqual(invalid);
    expect(tamper((u) => u.searchParams.set("signature", "A".repeat(43)))).toEqual(invalid);
    expect(tamper(() => {}, "GET")).toEqual(invalid);
  });

  it("refuses an expired URL", () => {
    const url = new URL(signedUrl("PUT", PATH, params, 60, Date.now() - 120_000));
    expect(refusal(() => verifySignedUrl("PUT", url))).toEqual({ status: 403, message: LINK_EXPIRED });
  });
});
