import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { FtpSrv } from "ftp-srv";

export interface FtpServerUnderTest {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The folder the server serves as its root (write files here). */
  root: string;
  stop(): Promise<void>;
}

/** ftp-srv logs through bunyan by default; tests keep quiet. */
const quiet: Record<string, unknown> = {};
for (const level of ["trace", "debug", "info", "warn", "error", "fatal"]) quiet[level] = () => {};
quiet.child = () => quiet;

/**
 * A real FTP server (ftp-srv) on a free local port, serving a fresh temp folder to one user name and
 * password; passive data connections on 127.0.0.1. Used by the district feed's tests and journey.
 */
export async function startFtpServer(credentials = { username: "feed", password: "Feed-secret-1" }): Promise<FtpServerUnderTest> {
  const root = await mkdtemp(path.join(tmpdir(), "ftp-feed-"));
  const server = new FtpSrv({
    url: "ftp://127.0.0.1:0",
    pasv_url: "127.0.0.1",
    pasv_min: 30000,
    pasv_max: 39999,
    anonymous: false,
    log: quiet,
    greeting: "test feed",
  });
  server.on("login", ({ username, password }, resolve, reject) => {
    if (username === credentials.username && password === credentials.password) resolve({ root });
    else reject(new Error("Invalid user name or password"));
  });
  await server.listen();
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return {
    host: "127.0.0.1",
    port,
    ...credentials,
    root,
    async stop() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
