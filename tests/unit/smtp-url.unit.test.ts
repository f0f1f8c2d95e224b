import { describe, expect, it } from "vitest";
import { smtpUrlOptions } from "@/server/outbound/smtp-url";

describe("smtpUrlOptions", () => {
  it("reads host, port, TLS and credentials from the URL", () => {
    expect(smtpUrlOptions("smtp://127.0.0.1:40025")).toEqual({ host: "127.0.0.1", port: 40025, secure: false });
    expect(smtpUrlOptions("smtps://us%40er:p%3Ass@smtp.example.com")).toEqual({
      host: "smtp.example.com",
      port: 465,
      secure: true,
      auth: { user: "us@er", pass: "p:ss" },
    });
    expect(smtpUrlOptions("smtp://[::1]:2525")).toMatchObject({ host: "::1", port: 2525 });
    expect(smtpUrlOptions("smtp://relay.internal").port).toBe(587);
  });
});
