// Who acts in the current request, for the activity log's `actorEmail`
// (docs/teams.md). The request's scope is opened by the route wrapper and the
// person named once their session is authenticated, so the many places that
// record activity need not pass the actor along. It lives only as long as the
// request; nothing here is shared between requests or instances.
import { AsyncLocalStorage } from "node:async_hooks";

const requestActor = new AsyncLocalStorage<{ email: string | null }>();

/** Runs one request with a scope in which its actor can be named. */
export const withActorScope = <T>(run: () => Promise<T>): Promise<T> => requestActor.run({ email: null }, run);

/** Names the person acting in the current request (the signed-in person; none for an API key). */
export function nameActor(email: string | null): void {
  const scope = requestActor.getStore();
  if (scope) scope.email = email;
}

/** The signed-in person acting in the current request, or null (an API key, a job, a payment provider). */
export const currentActorEmail = (): string | null => requestActor.getStore()?.email ?? null;
