"use client";

import { useEffect, useRef, useState } from "react";

type SwaggerUiBundle = ((config: Record<string, unknown>) => unknown) & { presets: { apis: unknown } };

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUiBundle;
  }
}

let bundle: Promise<SwaggerUiBundle> | undefined;

/**
 * Loads Swagger UI's script once per page. A script inserted by our own
 * (nonce-trusted) code is allowed by the CSP's 'strict-dynamic', so no nonce
 * has to reach the client.
 */
function loadSwaggerUi(src: string): Promise<SwaggerUiBundle> {
  if (window.SwaggerUIBundle) return Promise.resolve(window.SwaggerUIBundle);
  bundle ??= new Promise<SwaggerUiBundle>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.SwaggerUIBundle ? resolve(window.SwaggerUIBundle) : reject(new Error("Swagger UI did not start"));
    script.onerror = () => {
      script.remove();
      bundle = undefined; // let a later visit try again
      reject(new Error("Swagger UI could not be loaded"));
    };
    document.head.append(script);
  });
  return bundle;
}

type SwaggerUiProps = { specUrl: string; scriptUrl: string };

/** Renders an OpenAPI document with Swagger UI (its stylesheet is linked by the page). */
export function SwaggerUi({ specUrl, scriptUrl }: SwaggerUiProps) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    loadSwaggerUi(scriptUrl).then(
      (SwaggerUIBundle) => {
        if (cancelled || !container.current) return;
        SwaggerUIBundle({
          domNode: container.current,
          url: specUrl,
          presets: [SwaggerUIBundle.presets.apis],
          layout: "BaseLayout",
          deepLinking: true,
          docExpansion: "list",
          defaultModelsExpandDepth: 1,
          validatorUrl: null, // never call swagger.io
        });
        setStatus("ready");
      },
      () => {
        if (!cancelled) setStatus("failed");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [specUrl, scriptUrl]);

  return (
    <>
      {status === "loading" && (
        <p role="status" className="px-6 py-10 text-sm text-zinc-500">
          Loading the API reference…
        </p>
      )}
      {status === "failed" && (
        <p role="alert" className="px-6 py-10 text-sm text-red-700">
          The interactive reference could not be loaded. The raw document is at{" "}
          <a className="underline" href={specUrl}>
            {specUrl}
          </a>
          .
        </p>
      )}
      {/* Swagger UI owns everything inside this element; React never renders into it.
          data-third-party: the accessibility audit skips markup we do not write (e2e/accessibility.spec.ts). */}
      <div ref={container} data-third-party="swagger-ui" />
    </>
  );
}
