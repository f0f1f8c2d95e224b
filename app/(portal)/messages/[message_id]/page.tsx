import type { Metadata } from "next";
import { MessageDetail } from "@/features/messages/message-detail";

export const metadata: Metadata = { title: "Message" };

export default async function MessagePage({ params }: { params: Promise<{ message_id: string }> }) {
  return <MessageDetail messageId={(await params).message_id} />;
}
