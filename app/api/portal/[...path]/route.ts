import { forwardToApi } from "@/server/portal/forward-to-api";

// /api/portal/* — the portal's browser code reaches /api/v1/* through its session cookie.
type Context = { params: Promise<{ path: string[] }> };
const forward = async (request: Request, context: Context) => forwardToApi(request, (await context.params).path);

export { forward as GET, forward as POST, forward as PUT, forward as PATCH, forward as DELETE };
