// One `account_events` row as the feed shows it (docs/events.md, "An event").
import type { EventType, FeedEvent } from "@/shared/schemas/events";

export type EventRow = {
  id: string;
  type: EventType;
  object_type: string;
  object_id: string;
  detail: Record<string, unknown>;
  created_at: string | Date;
};

export function toFeedEvent(row: EventRow): FeedEvent {
  return {
    id: row.id,
    type: row.type,
    createdAt: new Date(row.created_at).toISOString(),
    object: { type: row.object_type, id: row.object_id },
    detail: row.detail,
  } as FeedEvent;
}
