// The email frame's own image policy: remote images stay out unless the reader
// asks for them (components/email-html-frame.tsx; the browser side is in
// e2e/newcomer-path.spec.ts).
import { describe, expect, it } from "vitest";
import { hasRemoteImages, withRemoteImagesBlocked } from "@/components/email-html-frame";

const policy = `<meta http-equiv="Content-Security-Policy" content="img-src data:">`;

describe("the email frame's image policy", () => {
  it("puts the blocking policy before anything the email has", () => {
    expect(withRemoteImagesBlocked("<p>Hi <img src=https://t.example/p.gif></p>")).toBe(
      `${policy}<p>Hi <img src=https://t.example/p.gif></p>`,
    );
    expect(withRemoteImagesBlocked("<html><head><title>x</title></head></html>")).toMatch(new RegExp(`^${policy}<html>`));
  });

  it("keeps a leading doctype first, so the email keeps its rendering mode", () => {
    expect(withRemoteImagesBlocked("  <!DOCTYPE html>\n<html></html>")).toBe(`  <!DOCTYPE html>${policy}\n<html></html>`);
  });

  it("finds remote images, backgrounds and protocol-relative ones, and not inline ones", () => {
    for (const html of [
      '<img src="https://t.example/p.gif">',
      "<img src='http://t.example/p.gif'>",
      "<img src=//t.example/p.gif>",
      '<td background="https://t.example/bg.png">',
      '<div style="background:url(https://t.example/bg.png)">',
      '<img srcset="https://t.example/a.png 2x">',
    ]) {
      expect(hasRemoteImages(html), html).toBe(true);
    }
    for (const html of [
      '<img src="data:image/png;base64,AAAA">',
      "<p>See https://example.com for more</p>",
      '<a href="https://example.com">x</a>',
    ]) {
      expect(hasRemoteImages(html), html).toBe(false);
    }
  });
});
