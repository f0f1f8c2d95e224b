// A friendly name for the device behind a session ("Chrome on macOS"), from
// its User-Agent. Good enough to recognise one's own devices; the raw string
// stays available (as a title) for anything this does not know.

export type DeviceKind = "desktop" | "mobile" | "tablet" | "client" | "unknown";

export type DeviceDescription = { label: string; kind: DeviceKind };

// First match wins: order matters (Edge and Opera also say "Chrome", Chrome also says "Safari").
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [RegExp, string, DeviceKind][] = [
  [/\biPad\b/, "iPadOS", "tablet"],
  [/\biPhone\b|\biPod\b/, "iOS", "mobile"],
  [/\bAndroid\b.*\bMobile\b/, "Android", "mobile"],
  [/\bAndroid\b/, "Android", "tablet"],
  [/\bWindows\b/, "Windows", "desktop"],
  [/\bCrOS\b/, "ChromeOS", "desktop"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS", "desktop"],
  [/\bLinux\b|\bX11\b/, "Linux", "desktop"],
];

// Programs rather than browsers: API integrations and scripts.
const clients: [RegExp, string][] = [
  [/^curl\//i, "curl"],
  [/^Wget\//i, "Wget"],
  [/^PostmanRuntime\//i, "Postman"],
  [/^insomnia\//i, "Insomnia"],
  [/^HTTPie\//i, "HTTPie"],
  [/^python-requests\/|^python-httpx\/|^aiohttp\//i, "Python"],
  [/^node-fetch\/|^undici\b|^node\b|^axios\//i, "Node.js"],
  [/^Go-http-client\//i, "Go"],
  [/^okhttp\//i, "OkHttp"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = userAgent?.trim();
  if (!ua) return { label: "Unknown device", kind: "unknown" };
  const client = clients.find(([pattern]) => pattern.test(ua));
  if (client) return { label: client[1], kind: "client" };
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const system = systems.find(([pattern]) => pattern.test(ua));
  if (browser && system) return { label: `${browser} on ${system[1]}`, kind: system[2] };
  if (browser) return { label: browser, kind: "desktop" };
  if (system) return { label: `${system[1]} device`, kind: system[2] };
  // Unknown: the product token ("MyApp/1.2 …" → "MyApp"), short enough for a heading.
  const product = /^[\w.-]{1,40}/.exec(ua)?.[0];
  return { label: product ?? "Unknown device", kind: product ? "client" : "unknown" };
}

const signInMethods: Record<string, string> = {
  password: "Password",
  email_code: "Email code",
  magic_link: "Magic link",
  google: "Google",
  github: "GitHub",
};

export function describeSignInMethod(method: string): string {
  return signInMethods[method] ?? method.replaceAll("_", " ");
}
