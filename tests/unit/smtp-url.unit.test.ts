import { describe, expect, it } from "vitest";
import { smtpUrlOptions } from "@/server/outbound/smtp-url";

describe("smtpUrlOptions", () => {
  it("reads host, port, TLS, credentials and the query's options from the URL", () => {
    expect(smtpUrlOptions("smtp://127.0.0.1:40025")).toEqual({ host: "127.0.0.1", port: 40025, secure: false });
    expect(smtpUrlOptions("smtps://us%40er:p%3Ass@smtp.example.com")).toEqual({
      host: "smtp.example.com",
      secure: true,
      auth: { user: "us@er", pass: "p:ss" },
    });
    expect(smtpUrlOptions("smtp://[::1]:2525?tls.rejectUnauthorized=false")).toEqual({
      host: "::1",
      port: 2525,
      secure: false,
      tls: { rejectUnauthorized: false },
    });
  });
});
