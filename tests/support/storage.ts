import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import type { RouteHandler } from "@/lib/platform/api";
import { LocalStorage, S3Storage, installStorage, type Storage } from "@/lib/platform/storage";
import { POST as createUpload } from "@/app/en/api/v1/system/create-multipart-upload/route";
import { POST as completeUpload } from "@/app/en/api/v1/system/complete-multipart-upload/route";
import { PUT as putPart } from "@/app/en/api/v1/storage/parts/route";
import { GET as download } from "@/app/en/api/v1/storage/download/route";
import { BASE } from "./api";
import { startS3Server } from "./s3-server";

const ROUTES: Record<string, Record<string, RouteHandler>> = {
  "/en/api/v1/system/create-multipart-upload": { POST: createUpload },
  "/en/api/v1/system/complete-multipart-upload": { POST: completeUpload },
  "/en/api/v1/storage/parts": { PUT: putPart },
  "/en/api/v1/storage/download": { GET: download },
};

/**
 * A fetch that serves this app's URLs by calling the route handlers in-process (as Next would) and
 * sends every other URL (S3) over the network: the client code runs unchanged against both.
 */
export const appFetch: typeof fetch = async (input, init) => {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, BASE);
  if (url.origin !== new URL(BASE).origin) return fetch(input, init);
  const handler = ROUTES[url.pathname]?.[init?.method ?? "GET"];
  if (!handler) return Response.json({ message: "The requested API path does not exist" }, { status: 404 });
  const req = new NextRequest(url, { ...init, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
  return handler(req, { params: Promise.resolve({}) });
};

export interface StorageUnderTest {
  name: "local" | "s3";
  driver: Storage;
  stop(): Promise<void>;
}

/** A local driver in a temporary folder, installed as the process's storage. */
export async function useLocalStorage(partSize = 8 * 1024 * 1024): Promise<StorageUnderTest & { driver: LocalStorage }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "ap-files-"));
  const driver = new LocalStorage(root, partSize);
  installStorage(driver);
  return { name: "local", driver, stop: () => rm(root, { recursive: true, force: true }) };
}

/** The S3 driver against an s3rver started on loopback, installed as the process's storage. */
export async function useS3Storage(partSize = 8 * 1024 * 1024): Promise<StorageUnderTest & { driver: S3Storage }> {
  const server = await startS3Server();
  const driver = new S3Storage({ ...server, forcePathStyle: true, partSize });
  installStorage(driver);
  return {
    name: "s3",
    driver,
    stop: async () => {
      driver.client.destroy();
      await server.stop();
    },
  };
}
