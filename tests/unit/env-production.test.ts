import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/platform/env";

const production = (NEXTAUTH_URL?: string) => loadEnv({ NODE_ENV: "production", DATA_DIR: ".data/test-env", NEXTAUTH_URL });

describe("production's public address", () => {
  it("refuses to start without NEXTAUTH_URL, saying what to set", () => {
    expect(() => production()).toThrow("NEXTAUTH_URL: required in production: the public https address, e.g. https://kra.example.org");
  });

  it("refuses an http address another machine reaches", () => {
    for (const url of ["http://kra.example.org", "http://10.0.0.5:3000", "http://0.0.0.0:3000"]) {
      expect(() => production(url)).toThrow(
        /NEXTAUTH_URL: must be an https:\/\/ address in production \(got http:\/\/.+\); plain http is accepted for localhost only/,
      );
    }
  });

  it("starts on https, and on http for this machine only (the demo and the end-to-end tests)", () => {
    expect(production("https://kra.example.org").PUBLIC_URL).toBe("https://kra.example.org");
    for (const url of ["http://localhost:3000", "http://127.0.0.1:3100", "http://[::1]:3000"]) expect(production(url).PUBLIC_URL).toBe(url);
  });

  it("leaves development and tests free to use any address", () => {
    expect(loadEnv({ NODE_ENV: "development", DATA_DIR: ".data/test-env", NEXTAUTH_URL: "http://kra.example.org" }).PUBLIC_URL).toBe("http://kra.example.org");
  });
});
