"use client";

import { useEffect, useRef, useState } from "react";

// The interactive reference (Scalar, see docs/api-reference.md). Its script is
// loaded here, on this page only, so no other page pays for it.

type ScalarConfiguration = Record<string, unknown>;
type ScalarInstance = { destroy: () => void };
type Scalar = { createApiReference: (element: HTMLElement, configuration: ScalarConfiguration) => ScalarInstance };

declare global {
  interface Window {
    Scalar?: Scalar;
  }
}

let loading: Promise<Scalar> | undefined;

/**
 * Loads the module once per page. A script inserted by our own (nonce-trusted)
 * code is allowed by the CSP's 'strict-dynamic', and so are the chunks it
 * imports, so no nonce has to reach the client.
 */
function loadScalar(src: string): Promise<Scalar> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  loading ??= new Promise<Scalar>((resolve, reject) => {
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error("The API reference did not start")));
    script.onerror = () => {
      script.remove();
      loading = undefined; // let a later visit try again
      reject(new Error("The API reference could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

type Theme = "light" | "dark";

/** The portal's resolved theme, which the pre-paint script and the theme toggle keep on <html>. */
const currentTheme = (): Theme => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");

// The portal's palette (Tailwind's zinc and indigo) and fonts, in Scalar's variables.
const portalCss = `
.scalar-app, .scalar-api-reference {
  --scalar-font: var(--font-sans);
  --scalar-font-code: var(--font-mono);
  --scalar-radius: 0.375rem;
  --scalar-radius-lg: 0.75rem;
  --scalar-radius-xl: 0.75rem;
  --scalar-custom-header-height: 3.5rem;
}
/* "Connect to VS Code / Cursor" (MCP) points at Scalar's hosted services: nothing here leaves our origin. */
.scalar-mcp-layer { display: none !important; }
.light-mode {
  --scalar-background-1: #ffffff;
  --scalar-background-2: #fafafa;
  --scalar-background-3: #f4f4f5;
  --scalar-background-accent: #eef2ff;
  --scalar-color-1: #18181b;
  --scalar-color-2: #52525b;
  --scalar-color-3: #52525b;
  --scalar-color-accent: #4f46e5;
  --scalar-border-color: #e4e4e7;
  --scalar-button-1: #4f46e5;
  --scalar-button-1-hover: #4338ca;
  --scalar-button-1-color: #ffffff;
  --scalar-sidebar-background-1: #ffffff;
  --scalar-sidebar-item-active-background: #f4f4f5;
  --scalar-sidebar-color-active: #18181b;
  /* HTTP methods and code strings, dark enough for 4.5:1 on the light backgrounds. */
  --scalar-color-green: #047857;
  --scalar-color-red: #b91c1c;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-orange: #c2410c;
  --scalar-color-yellow: #a16207;
  --scalar-color-purple: #6d28d9;
}
.dark-mode {
  --scalar-background-1: #09090b;
  --scalar-background-2: #18181b;
  --scalar-background-3: #27272a;
  --scalar-background-accent: #1e1b4b;
  --scalar-color-1: #fafafa;
  --scalar-color-2: #d4d4d8;
  --scalar-color-3: #a1a1aa;
  --scalar-color-accent: #a5b4fc;
  --scalar-border-color: #27272a;
  --scalar-button-1: #6366f1;
  --scalar-button-1-hover: #818cf8;
  --scalar-button-1-color: #ffffff;
  --scalar-sidebar-background-1: #09090b;
  --scalar-sidebar-item-active-background: #27272a;
  --scalar-sidebar-color-active: #ffffff;
  --scalar-color-green: #34d399;
  --scalar-color-red: #f87171;
  --scalar-color-blue: #60a5fa;
  --scalar-color-orange: #fb923c;
  --scalar-color-yellow: #facc15;
  --scalar-color-purple: #a78bfa;
}
`;

function configuration(specUrl: string, theme: Theme): ScalarConfiguration {
  return {
    url: specUrl,
    theme: "none",
    customCss: portalCss,
    // The portal's theme toggle decides; Scalar's own would disagree with it.
    forceDarkModeState: theme,
    hideDarkModeToggle: true,
    // Nothing leaves our origin: no web fonts, no request proxy, no hosted AI agent, no telemetry.
    withDefaultFonts: false,
    agent: { disabled: true },
    telemetry: false,
    showDeveloperTools: "never",
    documentDownloadType: "json",
    defaultOpenFirstTag: true,
    // curl first, then Node and Python (each a tab above the examples); other languages would only be noise.
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    hiddenClients: {
      ...Object.fromEntries(
        [
          "c",
          "clojure",
          "csharp",
          "dart",
          "fsharp",
          "go",
          "http",
          "java",
          "js",
          "kotlin",
          "objc",
          "ocaml",
          "php",
          "powershell",
          "r",
          "ruby",
          "rust",
          "swift",
        ].map((target) => [target, true]),
      ),
      shell: ["httpie", "wget"],
      node: ["axios", "ofetch"],
      python: ["httpx_sync", "httpx_async"],
    },
  };
}

function applyTheme(theme: Theme) {
  document.body.classList.toggle("dark-mode", theme === "dark");
  document.body.classList.toggle("light-mode", theme === "light");
}

let themeSync: MutationObserver | undefined;

/**
 * Scalar reads forceDarkModeState once; afterwards its colours key on a class
 * on <body>. Its stylesheet stays in the document for the rest of the page's
 * life (also after navigating to other pages, which its body rule would colour),
 * so the class follows the portal's theme from then on, not only while mounted.
 */
function keepThemeInStep() {
  applyTheme(currentTheme());
  themeSync ??= new MutationObserver(() => applyTheme(currentTheme()));
  themeSync.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
}

type ApiReferenceProps = { specUrl: string; scriptUrl: string };

/** Renders the OpenAPI document at specUrl; follows the portal's light and dark theme as it changes. */
export function ApiReference({ specUrl, scriptUrl }: ApiReferenceProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let instance: ScalarInstance | undefined;
    let cancelled = false;
    loadScalar(scriptUrl).then(
      (scalar) => {
        if (cancelled || !container.current) return;
        instance = scalar.createApiReference(container.current, configuration(specUrl, currentTheme()));
        keepThemeInStep();
        setStatus("ready");
      },
      () => {
        if (!cancelled) setStatus("failed");
      },
    );
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [specUrl, scriptUrl]);

  return (
    <>
      {status === "loading" && (
        <p role="status" className="px-4 py-10 text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">
          Loading the API reference…
        </p>
      )}
      {status === "failed" && (
        <p role="alert" className="px-4 py-10 text-sm text-red-700 sm:px-6 dark:text-red-400">
          The interactive reference could not be loaded. The raw document is at{" "}
          <a className="underline" href={specUrl}>
            {specUrl}
          </a>
          .
        </p>
      )}
      {/* Scalar owns everything inside this element; React never renders into it.
          data-third-party: the accessibility audits leave out markup we do not write (docs/api-reference.md lists what axe finds in it). */}
      <div ref={container} data-third-party="scalar" />
    </>
  );
}
