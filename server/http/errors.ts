// Moved: AppError and notFound live in server/errors.ts, the code table in
// shared/api/errors.ts. These names stay here only for branches written
// before the move; `npm run lint` keeps services from importing them.
export { AppError, notFound } from "@/server/errors";
export { type ErrorCode, errorStatus, type FieldError } from "@/shared/api/errors";
