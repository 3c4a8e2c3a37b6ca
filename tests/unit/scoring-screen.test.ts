import { describe, expect, it } from "vitest";
import { entryByCode, matchTyped, parseBlock } from "@/components/scoring/codes";
import * as client from "@/components/scoring/evidence-rules";
import * as server from "@/lib/scoring/artifacts-schemas";

const AD = ["A", "B", "C", "D", "N", "NE", "R"].map((code, i) => ({ id: i + 1, code, label: code }));

describe("scoring screen helpers", () => {
  it("reads a block as Excel and Google Sheets copy it", () => {
    expect(parseBlock("1\t2\r\n3\t4\r\n")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(parseBlock("A\t\tB")).toEqual([["A", "", "B"]]);
    expect(parseBlock("b")).toEqual([["b"]]);
  });

  it("matches codes case-insensitively and waits on N for NE", () => {
    expect(entryByCode(AD, " ne ")?.code).toBe("NE");
    expect(entryByCode(AD, "Z")).toBeUndefined();
    expect(matchTyped(AD, "n")).toEqual({ exact: AD[4], longer: true });
    expect(matchTyped(AD, "NE")).toEqual({ exact: AD[5], longer: false });
    expect(matchTyped(AD, "b")).toEqual({ exact: AD[1], longer: false });
    expect(matchTyped(AD, "7")).toEqual({ exact: undefined, longer: false });
  });

  it("checks evidence in the browser with the server's limits and texts", () => {
    expect(client.EVIDENCE_ACCEPT.split(",")).toEqual(expect.arrayContaining([...server.EVIDENCE_TYPES, ".jpg", ".heic", ".pdf"]));
    expect([
      client.isEvidenceFile("Maya.JPG", "image/jpeg"),
      client.isEvidenceFile("x.exe", "application/x-msdownload"),
      client.isEvidenceFile("a.jpg", "text/html"),
    ]).toEqual([true, false, false]);
    expect([client.MAX_EVIDENCE_BYTES, client.MAX_ARTIFACTS_PER_GRADE]).toEqual([server.MAX_EVIDENCE_BYTES, server.MAX_ARTIFACTS_PER_GRADE]);
    expect([client.TYPE_NOT_ALLOWED, client.TOO_LARGE, client.TOO_MANY]).toEqual([server.TYPE_NOT_ALLOWED, server.TOO_LARGE, server.TOO_MANY]);
  });
});
