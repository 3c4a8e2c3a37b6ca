import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  /** Messages the server accepted (answered 250 to), in order. */
  messages: CapturedMail[];
  /** Messages whose DATA began, accepted or not. */
  dataStarted(): number;
  /** Resolves once `count` messages have begun their DATA. */
  waitForData(count?: number): Promise<void>;
  /** Hold the answer to the next message's DATA until `dropConnections` (a sender dying mid-send). */
  holdNext(): void;
  /** Answer each DATA only after this many milliseconds. */
  answerDelayMs: number;
  /** Close every open connection, as the system does when the sending process dies. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps what it receives in memory. */
export async function startSmtpServer(options: { answerDelayMs?: number; refuse?: RegExp } = {}): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const sockets = new Set<Socket>();
  let started = 0;
  let holdNext = false;
  const waiters: { count: number; resolve: () => void }[] = [];

  const handle: Partial<TestSmtpServer> = { answerDelayMs: options.answerDelayMs ?? 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.test(address.address)) return callback();
      callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      started++;
      for (const w of waiters.filter((w) => started >= w.count)) w.resolve();
      const hold = holdNext;
      holdNext = false;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (hold) return; // never answered: the sender sees no 250
        const raw = Buffer.concat(chunks).toString("utf8");
        const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
        setTimeout(() => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: header("Subject"),
            messageId: header("Message-ID"),
            raw,
          });
          callback();
        }, handle.answerDelayMs);
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("error", () => {}); // a dropped client is expected in these tests
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return Object.assign(handle, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    dataStarted: () => started,
    waitForData(count = started + 1) {
      if (started >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    holdNext() {
      holdNext = true;
    },
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as TestSmtpServer;
}
