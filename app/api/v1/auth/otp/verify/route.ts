import * as api from "@/shared/api/endpoints/email-sign-in";
import { methods, route } from "@/server/http/route";
import { signInWithCode } from "@/server/services/auth/sign-in-with-emailed-secret";

// POST /api/v1/auth/otp/verify — sign in with an emailed code
export const { GET, POST, PUT, PATCH, DELETE } = methods(
  route(api.verifySignInCode).handle(({ body, client }) => signInWithCode(body.email, body.code, client)),
);
