// A local server shaped like GitHub's OAuth app endpoints and REST API
// (GitHub is a third party outside the machine): the web side at / (authorize,
// access_token) and the API at /api/v3 (user, user/emails), as on GitHub
// Enterprise. Its authorize page asks who to be (login, email, verified);
// codes work once, for 10 minutes, for the client and redirect_uri they were
// issued to. Like GitHub, a bad code answers 200 with an `error` field.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fakeGithubClient } from "./fake-credentials";
import { escapeHtml, readForm, sendJson } from "./http-helpers";

export type FakeGithub = { baseUrl: string; apiUrl: string; clientId: string; clientSecret: string; stop: () => Promise<void> };

type GithubUser = { id: number; login: string; name: string; email: string; verified: boolean };

export const githubIdFor = (login: string) => Number.parseInt(createHash("sha256").update(login).digest("hex").slice(0, 8), 16);

function authorizePage(params: URLSearchParams): string {
  const hidden = ["client_id", "redirect_uri", "state", "scope"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
    .join("");
  return `<!doctype html><html><head><title>Fake GitHub authorize</title></head><body>
<h1>Authorize ${escapeHtml(params.get("client_id") ?? "")}</h1>
<form method="post" action="/login/oauth/authorize">${hidden}
  <label>Login <input name="login" required></label>
  <label>Email <input name="email" type="email" required></label>
  <label><input name="verified" type="checkbox" value="true" checked> Email verified</label>
  <button type="submit">Authorize</button>
</form></body></html>`;
}

export async function startFakeGithub(options: { redirectUri: string; port?: number }): Promise<FakeGithub> {
  const { clientId, clientSecret } = fakeGithubClient;
  const codes = new Map<string, { user: GithubUser; redirectUri: string; expiresAt: number }>();
  const tokens = new Map<string, GithubUser>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? "/", baseUrl);
    if (url.pathname === "/login/oauth/authorize") {
      const params = request.method === "POST" ? await readForm(request) : url.searchParams;
      if (params.get("client_id") !== clientId || params.get("redirect_uri") !== options.redirectUri) {
        response.writeHead(400, { "content-type": "text/plain" }).end("The redirect_uri is not associated with this application.");
        return;
      }
      if (request.method === "GET") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(authorizePage(params));
        return;
      }
      const login = params.get("login") ?? "octocat";
      const user: GithubUser = {
        id: githubIdFor(login),
        login,
        name: login,
        email: params.get("email") ?? "",
        verified: params.get("verified") === "true",
      };
      const code = randomBytes(10).toString("hex");
      codes.set(code, { user, redirectUri: options.redirectUri, expiresAt: Date.now() + 10 * 60 * 1000 });
      const back = new URL(options.redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", params.get("state") ?? "");
      response.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === "/login/oauth/access_token" && request.method === "POST") {
      const form = await readForm(request);
      if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        sendJson(response, 200, {
          error: "incorrect_client_credentials",
          error_description: "The client_id and/or client_secret passed are incorrect.",
        });
        return;
      }
      const code = form.get("code") ?? "";
      const issued = codes.get(code);
      codes.delete(code);
      if (!issued || issued.expiresAt < Date.now() || (form.get("redirect_uri") && form.get("redirect_uri") !== issued.redirectUri)) {
        sendJson(response, 200, { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
        return;
      }
      const accessToken = `gho_${randomBytes(18).toString("hex")}`;
      tokens.set(accessToken, issued.user);
      sendJson(response, 200, { access_token: accessToken, token_type: "bearer", scope: "read:user,user:email" });
      return;
    }
    if (url.pathname.startsWith("/api/v3/") && request.method === "GET") {
      const token = /^(?:Bearer|token) (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      const user = token ? tokens.get(token) : undefined;
      if (!user) {
        sendJson(response, 401, { message: "Bad credentials" });
        return;
      }
      if (url.pathname === "/api/v3/user") {
        sendJson(response, 200, { id: user.id, login: user.login, name: user.name, email: null });
        return;
      }
      if (url.pathname === "/api/v3/user/emails") {
        sendJson(response, 200, [
          { email: user.email, primary: true, verified: user.verified, visibility: "private" },
          { email: `${user.id}+${user.login}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
        ]);
        return;
      }
    }
    sendJson(response, 404, { message: "Not Found" });
  }

  server.on("request", (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v3`,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
