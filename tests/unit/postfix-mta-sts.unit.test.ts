// The MTA-STS resolver as the launcher runs it (server/outbound/postfix/
// mta-sts-*.ts) and the policy a delivery's evidence names
// (tls-policy-applied.ts). That Debian's mta-sts-daemon answers Postfix with
// this configuration is tests/integration/outbound-postfix.integration.test.ts.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeliveryAttempt } from "@/server/outbound/postfix/delivery-log";
import { mtaStsLayout, renderMtaStsConfig } from "@/server/outbound/postfix/mta-sts-config";
import { mtaStsCommand, mtaStsLogLevel } from "@/server/outbound/postfix/mta-sts-process";
import { socketmapLookup, withAppliedPolicy } from "@/server/outbound/postfix/tls-policy-applied";

describe("the resolver's files and command line", () => {
  const layout = mtaStsLayout("/srv/ces");

  it("listens on its loopback port and keeps its cache in DATA_DIR", () => {
    const config = renderMtaStsConfig({ port: 18461, cacheFile: layout.cacheFile });
    expect(config).toContain("host: 127.0.0.1\nport: 18461\n");
    expect(config).toContain('    filename: "/srv/ces/postfix/mta-sts/cache.db"');
    expect(config).toContain("  strict_testing: false");
  });

  it("runs as _mta-sts; with DNS_SERVERS, in a mount namespace with our resolv.conf over /etc/resolv.conf", () => {
    const [binary, args] = mtaStsCommand({ layout, ownResolver: false });
    expect([binary, ...args].join(" ")).toBe(
      "/usr/bin/setpriv --reuid=_mta-sts --regid=_mta-sts --clear-groups --pdeathsig TERM -- /usr/bin/mta-sts-daemon --config /srv/ces/postfix/mta-sts/mta-sts-daemon.yml",
    );
    const [namespaced, namespacedArgs] = mtaStsCommand({ layout, ownResolver: true });
    expect(namespaced).toBe("/usr/bin/unshare");
    expect(namespacedArgs.slice(0, 8)).toEqual([
      "--mount",
      "--propagation",
      "private",
      "--",
      "/bin/sh",
      "-c",
      'mount --bind "$0" /etc/resolv.conf && exec "$@"',
      "/srv/ces/postfix/mta-sts/resolv.conf",
    ]);
    expect(namespacedArgs.slice(8)).toEqual([binary, ...args]);
  });

  it("keeps its warnings and errors at their level in our log", () => {
    expect(mtaStsLogLevel("2026-11-27 16:26:07 INFO     MAIN: Server started.")).toBe("info");
    expect(mtaStsLogLevel("2026-11-27 16:26:08 WARNING  RES: STS policy fetch for domain 'x.test' failed with error: timeout")).toBe(
      "warn",
    );
    expect(mtaStsLogLevel("2026-11-27 16:26:08 ERROR    STS: Unhandled exception: boom")).toBe("error");
    expect(mtaStsLogLevel("2026-11-27 16:39:25 WARNING  MAIN: Got first exit signal! Terminating gracefully.")).toBe("info");
  });
});

describe("the policy a delivery's evidence names", () => {
  /** A socketmap server on loopback answering `OK secure …` for one domain, as mta-sts-daemon does. */
  let server: net.Server;
  let port: number;
  const requests: string[] = [];
  beforeAll(async () => {
    server = net.createServer((socket) => {
      socket.on("data", (chunk: Buffer) => {
        const text = chunk.toString();
        const request = text.slice(text.indexOf(":") + 1, -1);
        requests.push(request);
        const reply = request === "postfix sts.test" ? "OK secure match=mx.sts.test servername=hostname" : "NOTFOUND ";
        socket.write(`${Buffer.byteLength(reply)}:${reply},`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const evidence = (recipient: string, verified: boolean): DeliveryAttempt => ({
    kind: "attempt",
    queueId: "Q1",
    recipient,
    status: "sent",
    relay: "mx.test[192.0.2.1]:25",
    address: "192.0.2.1",
    reply: "250 2.0.0 Ok",
    ageSeconds: 0.2,
    tls: { protocol: "TLSv1.3", verified, policy: "may" },
  });

  it("speaks netstrings: the reply, or null when nothing answers", async () => {
    expect(await socketmapLookup(port, "postfix", "sts.test")).toBe("OK secure match=mx.sts.test servername=hostname");
    expect(await socketmapLookup(port, "postfix", "plain.test")).toBe("NOTFOUND ");
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await socketmapLookup(closedPort, "postfix", "sts.test")).toBeNull();
  });

  it("a verified server of a domain with an MTA-STS policy: mta-sts; without one: dane when DANE is on", async () => {
    expect((await withAppliedPolicy(evidence("a@sts.test", true), { mtaStsPort: port, dane: false })).tls.policy).toBe("mta-sts");
    expect((await withAppliedPolicy(evidence("a@plain.test", true), { mtaStsPort: port, dane: true })).tls.policy).toBe("dane");
    expect((await withAppliedPolicy(evidence("a@plain.test", true), { mtaStsPort: null, dane: false })).tls.policy).toBe("may");
  });

  it("an unverified delivery was opportunistic TLS: the resolver is not asked", async () => {
    const before = requests.length;
    expect((await withAppliedPolicy(evidence("a@sts.test", false), { mtaStsPort: port, dane: true })).tls.policy).toBe("may");
    expect(requests.length).toBe(before);
  });
});
