// The branded frame every email shares: a table layout mail clients render,
// readable in dark mode (prefers-color-scheme), with the content's plain-text
// twin built alongside so the text part always carries codes and links verbatim.
import { escapeHtml } from "@/shared/escape-html";

export type EmailBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "code"; code: string; label: string }
  | { kind: "button"; href: string; label: string }
  | { kind: "note"; text: string };

const PRODUCT = "Customer Email Service";

function blockHtml(block: EmailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:24px;">${escapeHtml(block.text)}</p>`;
    case "note":
      return `<p class="muted" style="margin:0 0 16px;font-size:14px;line-height:20px;color:#52525b;">${escapeHtml(block.text)}</p>`;
    case "code":
      return `<p style="margin:0 0 8px;font-size:14px;color:#52525b;" class="muted">${escapeHtml(block.label)}</p>
<p class="code" aria-label="${escapeHtml(block.label)}: ${block.code.split("").join(" ")}" style="margin:0 0 24px;font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:32px;letter-spacing:8px;font-weight:700;background:#f4f4f5;border-radius:8px;padding:16px 20px;text-align:center;">${escapeHtml(block.code)}</p>`;
    case "button":
      return `<p style="margin:0 0 24px;"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 20px;border-radius:8px;">${escapeHtml(block.label)}</a></p>
<p class="muted" style="margin:0 0 16px;font-size:13px;line-height:18px;color:#52525b;word-break:break-all;">Or paste this link into your browser: ${escapeHtml(block.href)}</p>`;
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case "paragraph":
    case "note":
      return block.text;
    case "code":
      return `${block.label}: ${block.code}`;
    case "button":
      return `${block.label}: ${block.href}`;
  }
}

export function renderEmail(input: { subject: string; preheader: string; blocks: EmailBlock[] }): {
  subject: string;
  html: string;
  text: string;
} {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(input.subject)}</title>
<style>
  @media (prefers-color-scheme: dark) {
    body, .page { background:#09090b !important; }
    .card { background:#18181b !important; color:#f4f4f5 !important; border-color:#27272a !important; }
    .muted { color:#a1a1aa !important; }
    .code { background:#27272a !important; color:#f4f4f5 !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(input.preheader)}</div>
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;color:#18181b;border:1px solid #e4e4e7;border-radius:12px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<tr><td style="padding:32px;">
<p style="margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:0.02em;color:#4f46e5;">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;">${escapeHtml(input.subject)}</h1>
${input.blocks.map(blockHtml).join("\n")}
</td></tr>
</table>
<p class="muted" style="margin:16px 0 0;font-size:12px;color:#71717a;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">You received this email because of activity on your ${PRODUCT} account.</p>
</td></tr>
</table>
</body>
</html>`;
  const text = [input.subject, "", ...input.blocks.map(blockText).flatMap((line) => [line, ""]), `— ${PRODUCT}`].join("\n");
  return { subject: input.subject, html, text };
}
