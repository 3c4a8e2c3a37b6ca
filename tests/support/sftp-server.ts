import { readFileSync, readdirSync, statSync, type Stats } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Server, utils, type Attributes, type SFTPWrapper } from "ssh2";
import { fingerprintOf } from "@/lib/organisations/sftp-client";

export interface SftpServerUnderTest {
  host: string;
  port: number;
  username: string;
  password: string;
  /** The server's host key fingerprint (SHA256:…). */
  hostKey: string;
  /** The folder served as "/" (write files here). */
  root: string;
  stop(): Promise<void>;
}

const { OK, NO_SUCH_FILE, FAILURE, EOF } = utils.sftp.STATUS_CODE;
const { READ } = utils.sftp.OPEN_MODE;

const attrsOf = (s: Stats): Attributes => ({
  mode: s.mode,
  uid: s.uid,
  gid: s.gid,
  size: s.size,
  atime: Math.floor(s.atimeMs / 1000),
  mtime: Math.floor(s.mtimeMs / 1000),
});

/** A read-only SFTP subsystem over `root`: what the feed uses (readdir, open, read, stat, close). */
function serve(sftp: SFTPWrapper, root: string) {
  const inside = (p: string) => path.join(root, path.posix.normalize(`/${p}`));
  const handles = new Map<number, { file?: Buffer; dir?: string[]; dirPath?: string }>();
  let next = 0;
  const handle = (value: { file?: Buffer; dir?: string[]; dirPath?: string }) => {
    const id = next++;
    handles.set(id, value);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const lookup = (buffer: Buffer) => (buffer.length === 4 ? handles.get(buffer.readUInt32BE()) : undefined);

  sftp.on("REALPATH", (reqid, p) => sftp.name(reqid, [{ filename: path.posix.normalize(`/${p}`), longname: "", attrs: {} as Attributes }]));
  sftp.on("OPENDIR", (reqid, p) => {
    try {
      sftp.handle(reqid, handle({ dir: readdirSync(inside(p)), dirPath: inside(p) }));
    } catch {
      sftp.status(reqid, NO_SUCH_FILE);
    }
  });
  sftp.on("READDIR", (reqid, h) => {
    const open = lookup(h);
    if (!open?.dir) return sftp.status(reqid, FAILURE);
    if (!open.dir.length) return sftp.status(reqid, EOF);
    const names = open.dir.splice(0).map((name) => {
      const s = statSync(path.join(open.dirPath!, name));
      return { filename: name, longname: `${s.isDirectory() ? "d" : "-"}rw-r--r-- 1 feed feed ${s.size} Jan 1 00:00 ${name}`, attrs: attrsOf(s) };
    });
    sftp.name(reqid, names);
  });
  sftp.on("OPEN", (reqid, p, flags) => {
    if (!(flags & READ)) return sftp.status(reqid, FAILURE);
    try {
      sftp.handle(reqid, handle({ file: readFileSync(inside(p)) }));
    } catch {
      sftp.status(reqid, NO_SUCH_FILE);
    }
  });
  sftp.on("READ", (reqid, h, offset, length) => {
    const open = lookup(h);
    if (!open?.file) return sftp.status(reqid, FAILURE);
    if (offset >= open.file.length) return sftp.status(reqid, EOF);
    sftp.data(reqid, open.file.subarray(offset, offset + length));
  });
  const stat = (reqid: number, p: string) => {
    try {
      sftp.attrs(reqid, attrsOf(statSync(inside(p))));
    } catch {
      sftp.status(reqid, NO_SUCH_FILE);
    }
  };
  sftp.on("STAT", stat);
  sftp.on("LSTAT", stat);
  sftp.on("FSTAT", (reqid, h) => {
    const open = lookup(h);
    if (!open?.file) return sftp.status(reqid, FAILURE);
    sftp.attrs(reqid, { mode: 0o100644, uid: 0, gid: 0, size: open.file.length, atime: 0, mtime: 0 });
  });
  sftp.on("CLOSE", (reqid, h) => {
    if (h.length === 4) handles.delete(h.readUInt32BE());
    sftp.status(reqid, OK);
  });
}

/**
 * A real SFTP server (ssh2's server side) on a free local port with a fresh ed25519 host key, serving
 * a temp folder read-only to one user name and password. Used by the district feed's tests.
 */
export async function startSftpServer(credentials = { username: "feed", password: "Feed-secret-1" }): Promise<SftpServerUnderTest> {
  const root = await mkdtemp(path.join(tmpdir(), "sftp-feed-"));
  const key = utils.generateKeyPairSync("ed25519");
  const parsed = utils.parseKey(key.private);
  if (parsed instanceof Error) throw parsed;
  const hostKey = fingerprintOf((Array.isArray(parsed) ? parsed[0] : parsed).getPublicSSH());
  const server = new Server({ hostKeys: [key.private] }, (client) => {
    client.on("authentication", (ctx) => {
      if (ctx.method === "password" && ctx.username === credentials.username && ctx.password === credentials.password) ctx.accept();
      else ctx.reject(["password"]);
    });
    client.on("ready", () => client.on("session", (accept) => accept().on("sftp", (acceptSftp) => serve(acceptSftp(), root))));
    client.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: "127.0.0.1",
    port: (server.address() as AddressInfo).port,
    ...credentials,
    hostKey,
    root,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}
