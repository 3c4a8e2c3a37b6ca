import { describe, expect, it } from "vitest";
import { listenHost } from "@/scripts/listen-address.mjs";

describe("where npm start and npm run demo listen", () => {
  it("listens on this machine only by default: the demo's passwords are published", () => {
    expect(listenHost({})).toBe("127.0.0.1");
    expect(listenHost({ HOSTNAME: "" })).toBe("127.0.0.1");
  });

  it("listens where HOSTNAME says", () => {
    expect(listenHost({ HOSTNAME: "0.0.0.0" })).toBe("0.0.0.0");
    expect(listenHost({ HOSTNAME: " 10.0.0.5 " })).toBe("10.0.0.5");
  });
});
