import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "@/lib/shell/format";

// Spec §9's display formats, the same text on server and browser (UTC).
const norm = (text: string) => text.replace(/\u202f/g, " ");

describe("display formats", () => {
  it("a moment is 'MM/DD/YYYY h:mm:ss a z' in UTC, from unix seconds or an ISO timestamp", () => {
    const seconds = Date.UTC(2026, 10, 28, 15, 4, 9) / 1000;
    expect(norm(formatDateTime(seconds))).toBe("11/28/2026 3:04:09 PM UTC");
    expect(norm(formatDateTime("2026-11-28T15:04:09Z"))).toBe("11/28/2026 3:04:09 PM UTC");
    expect(norm(formatDateTime(Date.UTC(2026, 0, 2, 0, 0, 0) / 1000))).toBe("01/02/2026 12:00:00 AM UTC");
  });

  it("no moment is no text", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(undefined)).toBe("");
  });

  it("a date is 'MMMM D, YYYY'", () => {
    expect(formatDate("2025-09-01")).toBe("September 1, 2025");
  });
});
