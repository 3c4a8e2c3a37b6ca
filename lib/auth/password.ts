import "server-only";
import { hash, verify } from "@node-rs/argon2";

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~75 ms on this class of machine). Argon2id is
 * the library's default algorithm (its enum is an ambient const enum that isolatedModules cannot use).
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verify a password against a stored hash. Without a hash (unknown user, unfinished registration)
 * a dummy hash is verified anyway, so the answer takes as long and does not reveal the account.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("dummy-password-for-timing");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
