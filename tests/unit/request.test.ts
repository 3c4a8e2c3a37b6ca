import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/platform/env";
import { clientAddress, isSameOrigin, onRequestOrigin, ownLocationAsPath, requestHost, requestOrigin, UNKNOWN_ADDRESS } from "@/lib/platform/request";

function trustProxies(hops: number) {
  (globalThis as { __env?: unknown }).__env = loadEnv({ ...process.env, TRUSTED_PROXIES: String(hops), NEXTAUTH_URL: "https://kra.example.org" });
}

afterEach(() => {
  (globalThis as { __env?: unknown }).__env = undefined;
});

const headers = (values: Record<string, string>) => new Headers(values);

describe("TRUSTED_PROXIES", () => {
  it("is validated: a whole number of hops, 0 by default", () => {
    expect(loadEnv({ DATA_DIR: ".data/test-env" }).TRUSTED_PROXIES).toBe(0);
    expect(loadEnv({ DATA_DIR: ".data/test-env", TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toBe(0);
    expect(loadEnv({ DATA_DIR: ".data/test-env", TRUSTED_PROXIES: "2" }).TRUSTED_PROXIES).toBe(2);
    for (const bad of ["-1", "one", "1.5", "0x1", " 1", "true"]) {
      expect(() => loadEnv({ DATA_DIR: ".data/test-env", TRUSTED_PROXIES: bad })).toThrow("TRUSTED_PROXIES: must be the number of proxy hops");
    }
  });

  it("0 believes no forwarded header", () => {
    trustProxies(0);
    const forwarded = headers({
      "x-forwarded-for": "10.61.0.1",
      "x-forwarded-host": "evil.invalid",
      "x-forwarded-proto": "http",
      host: "ohio.kra.example.org",
    });
    expect(clientAddress(forwarded)).toBe(UNKNOWN_ADDRESS);
    expect(requestHost(forwarded)).toBe("ohio.kra.example.org");
    // The scheme is the public address's.
    expect(requestOrigin(forwarded)).toBe("https://ohio.kra.example.org");
  });

  it("N believes the Nth entry from the right, the leftmost when there are fewer", () => {
    trustProxies(1);
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5" }))).toBe("203.0.113.5");
    expect(requestHost(headers({ "x-forwarded-host": "evil.invalid, ohio.kra.example.org", host: "app:3000" }))).toBe("ohio.kra.example.org");
    expect(clientAddress(headers({}))).toBe(UNKNOWN_ADDRESS);
    trustProxies(2);
    expect(clientAddress(headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.9" }))).toBe("203.0.113.5");
    expect(clientAddress(headers({ "x-forwarded-for": "203.0.113.5" }))).toBe("203.0.113.5");
  });
});

describe("isSameOrigin", () => {
  it("accepts the public address or the host the browser used, scheme and port alike", () => {
    trustProxies(0);
    expect(isSameOrigin(headers({ host: "app:3000", origin: "https://kra.example.org" }))).toBe(true);
    expect(isSameOrigin(headers({ host: "ohio.kra.example.org", origin: "https://ohio.kra.example.org" }))).toBe(true);
    expect(isSameOrigin(headers({ host: "ohio.kra.example.org", referer: "https://ohio.kra.example.org/profile?x=1" }))).toBe(true);
    for (const origin of ["http://ohio.kra.example.org", "https://ohio.kra.example.org:8443", "https://evil.invalid", "null", "file:///x", "not a url"]) {
      expect(isSameOrigin(headers({ host: "ohio.kra.example.org", origin }))).toBe(false);
    }
    // A Host header that is not a bare host[:port] names no origin.
    expect(isSameOrigin(headers({ host: "evil.invalid/x", origin: "https://evil.invalid" }))).toBe(false);
    expect(isSameOrigin(headers({ host: "ohio.kra.example.org" }))).toBe(false);
  });
});

describe("redirects and URLs handed to the browser stay on the origin it used", () => {
  it("a Location on the public address becomes its path; another origin or a path is kept", () => {
    trustProxies(0);
    expect(ownLocationAsPath("https://kra.example.org/sign-in?error=CredentialsSignin#x")).toBe("/sign-in?error=CredentialsSignin#x");
    expect(ownLocationAsPath("https://kra.example.org/api/auth/signin?csrf=true")).toBe("/api/auth/signin?csrf=true");
    expect(ownLocationAsPath("https://s3.example.org/bucket/key?X-Amz-Signature=1")).toBe("https://s3.example.org/bucket/key?X-Amz-Signature=1");
    expect(ownLocationAsPath("http://kra.example.org/teacher")).toBe("http://kra.example.org/teacher");
    expect(ownLocationAsPath("/teacher")).toBe("/teacher");
  });

  it("a presigned URL of ours moves to the host the browser addressed, believing forwarded hosts only from trusted proxies", () => {
    trustProxies(0);
    const part = "https://kra.example.org/files/part?key=k&signature=s";
    expect(onRequestOrigin(part, headers({ host: "maryland.kra.example.org" }))).toBe("https://maryland.kra.example.org/files/part?key=k&signature=s");
    expect(onRequestOrigin(part, headers({ host: "app:3000", "x-forwarded-host": "evil.invalid" }))).toBe("https://app:3000/files/part?key=k&signature=s");
    expect(onRequestOrigin(part, headers({}))).toBe(part);
    expect(onRequestOrigin("https://s3.example.org/b/k?sig=1", headers({ host: "maryland.kra.example.org" }))).toBe("https://s3.example.org/b/k?sig=1");
    trustProxies(1);
    expect(onRequestOrigin(part, headers({ host: "app:3000", "x-forwarded-host": "ohio.kra.example.org", "x-forwarded-proto": "https" }))).toBe(
      "https://ohio.kra.example.org/files/part?key=k&signature=s",
    );
  });
});
