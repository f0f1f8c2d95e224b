import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml } from "@/shared/sanitize-email-html";

describe("sanitizeEmailHtml", () => {
  it.each([
    ["a prefetch link", '<link rel="prefetch" href="https://t.example/p">'],
    ["a modulepreload link", '<link rel="modulepreload" href="https://t.example/m.js">'],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://t.example/r">'],
    ["a base URL", '<base href="https://t.example/">'],
    ["a frame", '<iframe src="https://t.example/f"></iframe>'],
    ["a video poster", '<video poster="https://t.example/v.gif"></video>'],
    ["an SVG image", '<svg><image href="https://t.example/s.gif"></image></svg>'],
    ["a script", '<script src="https://t.example/s.js"></script>'],
  ])("drops %s", (_case, html) => {
    expect(sanitizeEmailHtml(`<p>kept</p>${html}`)).toBe("<p>kept</p>");
  });

  it("drops srcset and ping but keeps an image's src and a link's href", () => {
    expect(
      sanitizeEmailHtml(
        '<img src="cid:logo" srcset="https://t.example/2x 2x" alt="Logo"><a href="https://example.org/" ping="https://t.example/ping">go</a>',
      ),
    ).toBe('<img src="cid:logo" alt="Logo" /><a href="https://example.org/">go</a>');
  });

  it("keeps a layout's styles, tables and fonts, and drops the title's text", () => {
    const html =
      '<html><head><title>Newsletter</title><style>td { padding: 4px; }</style></head><body><table width="600" bgcolor="#ffffff"><tr><td align="center" style="color: red"><font face="Arial">Hi</font></td></tr></table></body></html>';
    expect(sanitizeEmailHtml(html)).toBe(
      '<style>td { padding: 4px; }</style><table width="600" bgcolor="#ffffff"><tr><td align="center" style="color:red"><font face="Arial">Hi</font></td></tr></table>',
    );
  });

  it("drops javascript: links", () => {
    expect(sanitizeEmailHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });
});
