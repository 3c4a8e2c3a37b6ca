import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvForCopy, csvForPeople } from "@/lib/platform/csv";

describe("the one CSV writer", () => {
  it("writes spreadsheet CSV: byte-order mark once, CRLF, quotes only where needed, numbers as they are", () => {
    expect(
      csvForPeople(
        [
          ["line", "stateId", "reason"],
          [4, "bad id!", "stateId: Must be letters, digits or dashes"],
        ],
        { bom: true },
      ),
    ).toBe('\ufeffline,stateId,reason\r\n4,bad id!,"stateId: Must be letters, digits or dashes"\r\n');
    expect(csvForPeople([["O'Brien", 'say "hi"', "two\nlines", "cr\ronly", " lead", "trail ", null, -3, 83.3, ""]])).toBe(
      'O\'Brien,"say ""hi""","two\nlines","cr\ronly"," lead","trail ",,-3,83.3,\r\n',
    );
  });

  it("guards text a spreadsheet would run as a formula, once, and reads back as the guarded text", () => {
    const risky = ["=1+1", "+1", "-1", "@SUM(A1)", "\tTab", "\rcr", "＝A1", "－1"];
    const text = csvForPeople([risky]);
    expect(text.startsWith("'=1+1,'+1,'-1,'@SUM(A1),")).toBe(true);
    expect(parse(text)).toEqual([risky.map((v) => `'${v}`)]);
  });

  it("writes COPY CSV: text always quoted (an empty text is not NULL), NULL empty, booleans t/f, dates ISO, LF, no guard", () => {
    expect(csvForCopy([[2, "ST-1", "", null, true, false, new Date(0), "=x", 'a"b']])).toBe('2,"ST-1","",,t,f,1970-01-01T00:00:00.000Z,"=x","a""b"\n');
  });
});
