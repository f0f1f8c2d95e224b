// The route of each recipient (docs/delivery.md, "Routes"): the first that
// applies of a hosted mailbox, the account's relay, the smart host, Postfix,
// else the email transport (the dev mailbox with the file transport).
import { describe, expect, it } from "vitest";
import { type RouteSettings, routeOf, viaOf } from "@/server/outbound/routes";

const relay = { id: "rel_1", host: "smtp.customer.example", port: 587, encryption: "starttls" as const, credentials: null };
const nothing: RouteSettings = { postfix: { handOff: null }, emailTransport: "file" };
const smartHost: RouteSettings = { ...nothing, SMTP_URL: "smtp://smarthost.internal:587", emailTransport: "smtp" };
const postfix: RouteSettings = { postfix: { handOff: { socket: "/srv/ces/postfix/queue/private/handoff" } }, emailTransport: "outbound" };

describe("the route of a recipient", () => {
  it("is its hosted mailboxes first, whatever the account's relay and the service's settings", () => {
    const route = routeOf({ mailboxes: ["ada@hosted.example"], relay }, smartHost);
    expect(route).toEqual({ name: "mailbox", mailboxes: ["ada@hosted.example"] });
    expect(viaOf(route)).toBe("mailbox");
  });

  it("is the account's default active relay for any other recipient", () => {
    const route = routeOf({ mailboxes: null, relay }, postfix);
    expect(route).toEqual({ name: "relay", relay });
    expect(viaOf(route)).toBe("relay");
  });

  it("is a relay that cannot be used now, with the reason, rather than another way out", () => {
    const route = routeOf({ mailboxes: null, relay: { unusable: 'the password of relay "main" cannot be opened' } }, smartHost);
    expect(route).toEqual({ name: "unusable-relay", reason: 'the password of relay "main" cannot be opened' });
    expect(viaOf(route)).toBe("relay");
  });

  it("is the smart host without a relay when SMTP_URL is set, also when Postfix takes hand-offs", () => {
    const route = routeOf({ mailboxes: null, relay: undefined }, { ...postfix, SMTP_URL: "smtp://smarthost.internal:587" });
    expect(route).toEqual({ name: "smart-host" });
    expect(viaOf(route)).toBe("service");
  });

  it("is Postfix without a relay or a smart host when Postfix takes hand-offs", () => {
    const route = routeOf({ mailboxes: null, relay: undefined }, postfix);
    expect(route).toEqual({ name: "postfix" });
    expect(viaOf(route)).toBe("service");
  });

  it("is the email transport otherwise: the dev mailbox with the file transport, the service's own delivery with another", () => {
    const devMailbox = routeOf({ mailboxes: null, relay: undefined }, nothing);
    expect(devMailbox).toEqual({ name: "transport", devMailbox: true });
    expect(viaOf(devMailbox)).toBe("dev_mailbox");
    const resend = routeOf({ mailboxes: null, relay: undefined }, { ...nothing, emailTransport: "resend" });
    expect(resend).toEqual({ name: "transport", devMailbox: false });
    expect(viaOf(resend)).toBe("service");
  });
});
