import * as api from "@/shared/api/endpoints/auth";
import { methods, route } from "@/server/http/route";
import { signInWithPassword } from "@/server/services/auth/sign-in-with-password";

// POST /api/v1/auth/login — sign in with email and password
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(api.login).handle(({ body, client }) => signInWithPassword(body, client)));
