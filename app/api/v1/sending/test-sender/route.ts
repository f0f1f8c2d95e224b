import { methods, route } from "@/server/http/route";
import { describeTestSender } from "@/server/services/messages/test-sender";
import { getTestSender } from "@/shared/api/endpoints/test-sender";

// GET /api/v1/sending/test-sender — the address to send a first email from, and to
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getTestSender).handle(({ auth }) => describeTestSender(auth.accountId)));
