import * as api from "@/shared/api/endpoints/oauth";
import { methods, route } from "@/server/http/route";
import { enabledProviders, providerNames } from "@/server/services/oauth/providers";

// GET /api/v1/auth/oauth/providers — the identity providers this service offers
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.listOAuthProviders).handle(async () =>
    enabledProviders().map((provider) => ({ provider, name: providerNames[provider], startUrl: `/auth/oauth/${provider}` })),
  ),
);
