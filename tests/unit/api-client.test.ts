import { afterEach, describe, expect, it, vi } from "vitest";
import { apiData, callApi, errorMessage, fieldMessages } from "@/components/api/client";

/** The browser's one API client (components/api/client.ts) against a stubbed fetch. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body === null ? null : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("callApi", () => {
  it("sends JSON under the API path with the session cookie and no cache, and answers the data", async () => {
    const fetch = answer(200, { user: { id: 7 } });
    expect(await callApi("PUT", "/users", { id: 7 })).toEqual({ ok: true, status: 200, data: { user: { id: 7 } } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/en/api/v1/users");
    expect(init).toMatchObject({ method: "PUT", credentials: "same-origin", cache: "no-store", body: '{"id":7}' });
    expect(init?.headers).toEqual({ "content-type": "application/json" });
  });

  it("sends a FormData as it is, letting the browser set the multipart type", async () => {
    const fetch = answer(200, {});
    const form = new FormData();
    form.append("file", new Blob(["x"]), "logo.png");
    await callApi("POST", "/tenants/1/logo", form);
    expect(fetch.mock.calls[0][1]?.body).toBe(form);
    expect(fetch.mock.calls[0][1]?.headers).toBeUndefined();
  });

  it("chooses the spec's error text: the message, then the first field error, then the status's fallback", async () => {
    answer(400, { message: "Region is required", errors: [{ field: "regionId", message: "Region is required" }] });
    expect(await callApi("POST", "/transfers", {})).toEqual({
      ok: false,
      status: 400,
      message: "Region is required",
      errors: [{ field: "regionId", message: "Region is required" }],
    });
    answer(400, { errors: [{ field: "name", message: "Name is required" }] });
    expect(await callApi("POST", "/x", {})).toMatchObject({ message: "Name is required" });
    answer(409, null);
    expect(await callApi("POST", "/x", {})).toMatchObject({ message: "The request couldn't be completed due to a conflicting resource call" });
    answer(403, {});
    expect(await callApi("GET", "/x")).toMatchObject({ message: "Token does not have the required permissions" });
    answer(500, {});
    expect(await callApi("GET", "/x")).toMatchObject({ message: expect.stringMatching(/^Unable to complete your request/) });
    answer(418, {});
    expect(await callApi("GET", "/x")).toMatchObject({ message: "Something went wrong" });
    answer(500, {});
    expect(await callApi("GET", "/x", undefined, { fallback: "Error fetching data" })).toMatchObject({ message: "Error fetching data" });
  });

  it("answers the generic text when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await callApi("GET", "/x")).toEqual({ ok: false, status: 0, message: "Something went wrong", errors: [] });
  });

  it("loads the page again on a 401, so the session gate sends it to sign-in", async () => {
    answer(401, { message: "Authorization Error" });
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { reload } });
    expect(await callApi("GET", "/notifications")).toMatchObject({ ok: false, status: 401, message: "Authorization Error" });
    expect(reload).toHaveBeenCalledOnce();
  });

  it("apiData answers the data or throws the error text", async () => {
    answer(200, { filters: [] });
    expect(await apiData("GET", "/data-collections-filters?dataCollectionId=1")).toEqual({ filters: [] });
    answer(404, { message: "Data collection not found" });
    await expect(apiData("GET", "/data-collections/9")).rejects.toThrow("Data collection not found");
  });
});

describe("errorMessage and fieldMessages", () => {
  it("reads a failed download's text, with the spec's named fallback where one is given", async () => {
    expect(await errorMessage(new Response(JSON.stringify({ message: "No scores yet" }), { status: 400 }))).toBe("No scores yet");
    expect(await errorMessage(new Response("{}", { status: 500 }), "Something went wrong")).toBe("Something went wrong");
    expect(await errorMessage(null)).toBe("Something went wrong");
  });

  it("maps field errors by field", () => {
    expect(fieldMessages([{ field: "priorCare", message: "Too long" }])).toEqual({ priorCare: "Too long" });
  });
});
