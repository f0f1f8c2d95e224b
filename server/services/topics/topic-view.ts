// A topic as the API returns it.
import type { topics } from "@/server/db/schema";
import type { Topic } from "@/shared/schemas/topics";

export const topicView = (row: typeof topics.$inferSelect): Topic => ({
  id: row.id,
  name: row.name,
  description: row.description,
  defaultSubscription: row.defaultSubscription,
  createdAt: row.createdAt.toISOString(),
});
