import { methods, route } from "@/server/http/route";
import { smtpAccessSettings } from "@/server/services/smtp-access/smtp-access-settings";
import { getSmtpAccess } from "@/shared/api/endpoints/smtp-access";

// GET /api/v1/sending/smtp — SMTP submission settings
export const { GET, POST, PUT, PATCH, DELETE } = methods(route(getSmtpAccess).handle(async () => smtpAccessSettings()));
