import * as api from "@/shared/api/endpoints/auth";
import { methods, route } from "@/server/http/route";
import { registerAccount } from "@/server/services/auth/register-account";

// POST /api/v1/auth/register — create an account and sign in
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.register).handle(({ body, client }) => registerAccount(body, client)));
