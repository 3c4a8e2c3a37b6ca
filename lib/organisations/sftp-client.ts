import "server-only";
import { createHash } from "node:crypto";
import path from "node:path";
import { Client, type FileEntryWithStats, type SFTPWrapper } from "ssh2";
import { FEED_MESSAGES, FeedFailure, type FtpSession, type FtpSettings, type RemoteFile } from "./ftp-client";

/*
 * The district feed over SFTP (ssh2), with the same session and failures as the FTP client. The
 * server must prove the host key the district entered (its SHA256 fingerprint, as `ssh-keygen -lf`
 * prints it): without one the run fails and names the key the server offered, for the admin to check
 * with the server's owner and enter; a different key is refused. Messages are ours, never the server's.
 */

const TIMEOUT_MS = 15_000;
/** SFTP status codes (draft-ietf-secsh-filexfer-02): no such file, permission denied. */
const NO_SUCH_FILE = 2;
const PERMISSION_DENIED = 3;

/** OpenSSH's form of a host key's fingerprint: SHA256: and the unpadded base64 of the key's digest. */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;

const normalise = (fingerprint: string) =>
  fingerprint
    .trim()
    .replace(/^SHA256:/i, "")
    .replace(/=+$/, "");

const statusOf = (error: unknown) => (typeof (error as { code?: unknown })?.code === "number" ? (error as { code: number }).code : null);

function connect(settings: FtpSettings): Promise<{ client: Client; sftp: SFTPWrapper }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let offered: string | null = null;
    client.on("error", (error: Error & { level?: string }) => {
      client.end();
      if (offered !== null && !settings.hostKey) reject(new FeedFailure(FEED_MESSAGES.hostKeyUnknown(offered), true));
      else if (offered !== null && normalise(offered) !== normalise(settings.hostKey ?? ""))
        reject(new FeedFailure(FEED_MESSAGES.hostKeyChanged(offered), true));
      else if (error.level === "client-authentication") reject(new FeedFailure(FEED_MESSAGES.login, true));
      else reject(new FeedFailure(FEED_MESSAGES.connect(settings.host, settings.port), false));
    });
    client.on("ready", () =>
      client.sftp((error, sftp) => {
        if (error) {
          client.end();
          reject(new FeedFailure(FEED_MESSAGES.transfer, false));
        } else resolve({ client, sftp });
      }),
    );
    client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      password: settings.password,
      readyTimeout: TIMEOUT_MS,
      hostVerifier: (key: Buffer) => {
        offered = fingerprintOf(key);
        return Boolean(settings.hostKey) && normalise(offered) === normalise(settings.hostKey!);
      },
    });
  });
}

const call = <T>(fn: (done: (error: Error | null | undefined, value: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((error, value) => (error ? reject(error) : resolve(value))));

/** Connect, verify the host key, sign in and open the folder, run `work`, and always close the connection. */
export async function withSftp<T>(settings: FtpSettings, work: (session: FtpSession) => Promise<T>): Promise<T> {
  const { client, sftp } = await connect(settings);
  try {
    const folder = settings.directory || "/";
    const entries = await call<FileEntryWithStats[]>((done) => sftp.readdir(folder, done)).catch((error: unknown) => {
      const status = statusOf(error);
      if (status === NO_SUCH_FILE || status === PERMISSION_DENIED) throw new FeedFailure(FEED_MESSAGES.folder(folder), true);
      throw new FeedFailure(FEED_MESSAGES.transfer, false);
    });
    return await work({
      async list(): Promise<RemoteFile[]> {
        return entries
          .filter((e) => e.attrs.isFile())
          .map((e) => ({ name: e.filename, size: e.attrs.size, modifiedAt: new Date(e.attrs.mtime * 1000).toISOString() }));
      },
      async download(name: string) {
        try {
          return await call<Buffer>((done) => sftp.readFile(path.posix.join(folder, name), done));
        } catch (error) {
          throw new FeedFailure(FEED_MESSAGES.transfer, statusOf(error) !== null);
        }
      },
    });
  } finally {
    client.end();
  }
}
