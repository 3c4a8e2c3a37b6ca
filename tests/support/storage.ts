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

/** First bytes of each kind the upload purposes take (lib/platform/storage/purposes.ts), by name ending. */
const SIGNATURES: [RegExp, number, string][] = [
  [/\.png$/i, 0, "89504e470d0a1a0a"],
  [/\.jpe?g$/i, 0, "ffd8ffe0"],
  [/\.gif$/i, 0, "47494638"],
  [/\.pdf$/i, 0, Buffer.from("%PDF-1.4\n").toString("hex")],
  [/\.(zip|xlsx|apk)$/i, 0, "504b0304"],
  [/\.exe$/i, 0, "4d5a"],
  [/\.msi$/i, 0, "d0cf11e0a1b11ae1"],
  [/\.deb$/i, 0, Buffer.from("!<arch>\n").toString("hex")],
  [/\.rpm$/i, 0, "edabeedb"],
  [/\.(tar\.gz|tgz)$/i, 0, "1f8b"],
  [/\.pkg$/i, 0, Buffer.from("xar!").toString("hex")],
  [/\.mp3$/i, 0, Buffer.from("ID3").toString("hex")],
  [/\.(mp4|m4a|mov|heic)$/i, 4, Buffer.from("ftypisom").toString("hex")],
];

/**
 * Test bytes the upload's content check takes for this file name: binary kinds get their signature
 * over the first bytes (in place, so the caller's copy still equals what is stored), CSV and JSON
 * become printable text. Other names are left as they are.
 */
export function asKind<T extends Uint8Array>(fileName: string, data: T): T {
  if (/\.(csv|json)$/i.test(fileName)) {
    data.forEach((b, i) => (data[i] = b === 10 ? 10 : 0x20 + (b % 95)));
    if (/\.json$/i.test(fileName) && data.length) data[0] = 0x7b;
    return data;
  }
  const match = SIGNATURES.find(([name]) => name.test(fileName));
  if (match) data.set(Buffer.from(match[2], "hex"), match[1]);
  return data;
}
