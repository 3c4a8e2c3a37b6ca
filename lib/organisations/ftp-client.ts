import "server-only";
import { Writable } from "node:stream";
import { Client, FTPError } from "basic-ftp";
import { withSftp } from "./sftp-client";

/*
 * The district feed's FTP client (basic-ftp: plain FTP or explicit FTPS over TLS; SFTP in sftp-client.ts). Every failure
 * becomes a FeedFailure whose message is ours, never the server's or the socket's text, so a run's
 * stored message cannot carry a user name or password; `permanent` says another attempt cannot help.
 */

export interface FtpSettings {
  protocol: "ftp" | "ftps" | "sftp";
  host: string;
  port: number;
  directory: string;
  username: string;
  password: string;
  /** SFTP: the server's host key fingerprint the district trusts (SHA256:…). */
  hostKey?: string;
}

export interface RemoteFile {
  name: string;
  size: number;
  /** The server's modified time as it reports it (ISO when it says to the second). */
  modifiedAt: string;
}

export class FeedFailure extends Error {
  name = "FeedFailure";
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export const FEED_MESSAGES = {
  hostKeyUnknown: (offered: string) =>
    `Enter the SFTP server's host key fingerprint to trust it; the server offered ${offered}: check it with the server's owner`,
  hostKeyChanged: (offered: string) =>
    `The SFTP server's host key does not match the fingerprint entered (it offered ${offered}): check it with the server's owner`,
  connect: (host: string, port: number) => `Could not connect to the FTP server ${host}:${port}`,
  tls: "The FTP server's TLS connection failed",
  login: "The FTP server refused the user name or password",
  folder: (directory: string) => `Folder not found on the FTP server: ${directory}`,
  transfer: "The FTP transfer failed",
} as const;

const TIMEOUT_MS = 15_000;
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "EPIPE"]);

const codeOf = (error: unknown) => (typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "");
const isTimeout = (error: unknown) => error instanceof Error && /timeout/i.test(error.message);

/** Connecting and signing in: refused credentials and TLS failures are permanent, the network's trouble is not. */
function loginFailure(error: unknown, settings: FtpSettings): FeedFailure {
  if (error instanceof FTPError)
    return new FeedFailure(
      error.code === 530 ? FEED_MESSAGES.login : `${FEED_MESSAGES.connect(settings.host, settings.port)} (reply ${error.code})`,
      error.code >= 500,
    );
  if (codeOf(error).startsWith("ERR_TLS") || /certificate|ssl|tls/i.test(error instanceof Error ? error.message : ""))
    return new FeedFailure(FEED_MESSAGES.tls, true);
  return new FeedFailure(FEED_MESSAGES.connect(settings.host, settings.port), false);
}

function transferFailure(error: unknown): FeedFailure {
  if (error instanceof FTPError) return new FeedFailure(`${FEED_MESSAGES.transfer} (reply ${error.code})`, error.code >= 500);
  return new FeedFailure(FEED_MESSAGES.transfer, NETWORK_CODES.has(codeOf(error)) || isTimeout(error) ? false : true);
}

export interface FtpSession {
  /** The folder's plain files. */
  list(): Promise<RemoteFile[]>;
  download(name: string): Promise<Buffer>;
}

/** Connect, sign in and enter the folder, run `work`, and always close the connection (SFTP: sftp-client.ts). */
export async function withFtp<T>(settings: FtpSettings, work: (session: FtpSession) => Promise<T>): Promise<T> {
  if (settings.protocol === "sftp") return withSftp(settings, work);
  const client = new Client(TIMEOUT_MS);
  try {
    try {
      await client.access({
        host: settings.host,
        port: settings.port,
        user: settings.username,
        password: settings.password,
        secure: settings.protocol === "ftps",
      });
    } catch (error) {
      throw loginFailure(error, settings);
    }
    try {
      await client.cd(settings.directory);
    } catch (error) {
      if (error instanceof FTPError && error.code >= 500) throw new FeedFailure(FEED_MESSAGES.folder(settings.directory), true);
      throw transferFailure(error);
    }
    return await work({
      async list() {
        try {
          const files = (await client.list()).filter((e) => e.isFile);
          const listed: RemoteFile[] = [];
          // A LIST line tells the time to the minute at best: ask MDTM for the second where the listing did not.
          for (const e of files)
            listed.push({
              name: e.name,
              size: e.size,
              modifiedAt: (e.modifiedAt ?? (await client.lastMod(e.name).catch(() => null)))?.toISOString() ?? e.rawModifiedAt,
            });
          return listed;
        } catch (error) {
          throw transferFailure(error);
        }
      },
      async download(name: string) {
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
        try {
          await client.downloadTo(sink, name);
        } catch (error) {
          throw transferFailure(error);
        }
        return Buffer.concat(chunks);
      },
    });
  } finally {
    client.close();
  }
}
