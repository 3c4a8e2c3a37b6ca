import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/platform/env";

/*
 * The FTP password of a district data integration. The feed presents it to the district's server, so
 * it cannot be hashed as the tenant integration token is (lib/system/integrations.ts): it is kept
 * encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from NEXTAUTH_SECRET for this use
 * only, and is never answered. Changing NEXTAUTH_SECRET means entering the passwords again.
 */
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", env().NEXTAUTH_SECRET, Buffer.alloc(0), "district-data-integration-ftp-password", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** The password for the feed's own use; throws on a value not sealed under the current key. */
export function decryptSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Not a sealed integration secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
