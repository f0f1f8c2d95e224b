import { readFileSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { distinctPorts, freeLoopbackPort } from "@/server/engines/free-port";

describe("free loopback ports", () => {
  it("never hands out a port twice, even when the OS offers it again", async () => {
    const offered = [4100, 4100, 4101, 4100, 4101, 4102];
    const next = distinctPorts(async () => offered.shift()!);
    expect([await next(), await next(), await next()]).toEqual([4100, 4101, 4102]);
  });

  it("gives up, saying so, when the OS offers only ports handed out already", async () => {
    const next = distinctPorts(async () => 4200, 5);
    expect(await next()).toBe(4200);
    await expect(next()).rejects.toThrow("no loopback port not handed out before after 5 tries");
  });

  it("hands out ports a listener can take, below the range the kernel gives outgoing connections", async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freeLoopbackPort()));
    expect(new Set(ports).size).toBe(20);
    const [firstEphemeral] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number);
    for (const port of ports) expect(port).toBeLessThan(firstEphemeral!);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], "127.0.0.1", resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
