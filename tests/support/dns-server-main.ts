// Runs the test DNS server as a process of its own (Playwright starts it as a
// webServer): DNS on DNS_PORT, the control API on DNS_CONTROL_PORT, both loopback.
import { startDnsServer } from "./dns-server";

const server = await startDnsServer({ port: Number(process.env.DNS_PORT), controlPort: Number(process.env.DNS_CONTROL_PORT) });
console.log(`test DNS server on ${server.address}, control ${server.controlUrl}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
