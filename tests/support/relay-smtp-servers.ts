// Real SMTP servers (smtp-server) for relay connection tests, on loopback:
// plain with AUTH, STARTTLS with AUTH, implicit TLS with AUTH (all with the
// self-signed certificate), a server that accepts connections but never
// greets (timeouts), a port nobody listens on (refused), and implicit TLS
// with a certificate the app does not trust (verification is really on).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { freeLoopbackPort } from "@/server/engines/free-port";
import type { CertificateFiles } from "./self-signed-certificate";

export type RelayLabInfo = {
  username: string;
  password: string;
  ports: { plain: number; starttls: number; implicitTls: number; untrustedTls: number; silent: number; closed: number };
};

export type RelayLab = RelayLabInfo & { stop: () => Promise<void> };

function listen(
  server: {
    listen: (port: number, host: string, done: () => void) => unknown;
    once: (event: "error", listener: (error: Error) => void) => unknown;
  },
  address: () => net.AddressInfo,
) {
  return new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(address().port));
  });
}

export async function startRelayLab(certificate: CertificateFiles, untrusted: CertificateFiles): Promise<RelayLab> {
  const username = "relay-user";
  const password = `relay-pass-${randomBytes(6).toString("hex")}`;
  const key = readFileSync(certificate.keyFile);
  const cert = readFileSync(certificate.certFile);

  const common: SMTPServerOptions = {
    logger: false,
    authMethods: ["PLAIN", "LOGIN"],
    onAuth(auth, _session, callback) {
      if (auth.username === username && auth.password === password) return callback(null, { user: username });
      callback(Object.assign(new Error("Authentication failed"), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      stream.on("end", () => callback());
      stream.resume();
    },
  };
  const smtpServers = [
    new SMTPServer({ ...common, disabledCommands: ["STARTTLS"], allowInsecureAuth: true }),
    new SMTPServer({ ...common, key, cert }),
    new SMTPServer({ ...common, secure: true, key, cert }),
    new SMTPServer({ ...common, secure: true, key: readFileSync(untrusted.keyFile), cert: readFileSync(untrusted.certFile) }),
  ];
  const [plain, starttls, implicitTls, untrustedTls] = await Promise.all(
    smtpServers.map((server) => listen(server, () => server.server.address() as net.AddressInfo)),
  );

  // Accepts and then says nothing: no greeting ever comes.
  const held = new Set<net.Socket>();
  const silentServer = net.createServer((socket) => {
    held.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => held.delete(socket));
  });
  const silent = await listen(silentServer, () => silentServer.address() as net.AddressInfo);
  const closed = await freeLoopbackPort();

  return {
    username,
    password,
    ports: { plain: plain!, starttls: starttls!, implicitTls: implicitTls!, untrustedTls: untrustedTls!, silent, closed },
    stop: async () => {
      for (const socket of held) socket.destroy();
      await Promise.all([
        ...smtpServers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
        new Promise<void>((resolve) => silentServer.close(() => resolve())),
      ]);
    },
  };
}
