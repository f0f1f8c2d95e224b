import { respond } from "@/server/http/route";
import { AppError } from "@/server/errors";

// Any /api/v1 path no route claims: an enveloped 404, whatever the method.
const unknownRoute = (request: Request) =>
  respond(request, async () => {
    throw new AppError("not_found", `No route for ${request.method} ${new URL(request.url).pathname}.`);
  });

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
