"use client";
// Sending from the mailbox and keeping drafts, through the BFF: a draft is
// saved new (POST) the first time and replaced (PUT, a new id) after that;
// a send names the draft it came from, which the API then deletes, and
// carries the compose session's Idempotency-Key.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import { mailboxKeys } from "@/features/mailbox-inbox/use-mailbox-inbox";
import { replaceMailboxDraft, saveMailboxDraft, sendFromMailbox } from "@/shared/api/endpoint-refs";
import type { mailboxDraftBody, mailboxSendBody } from "@/shared/schemas/mailbox-compose";

type SendBody = z.input<typeof mailboxSendBody>;
type DraftBody = z.input<typeof mailboxDraftBody>;

export function useSendFromMailbox(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SendBody; idempotencyKey: string }) =>
      portalFetch(sendFromMailbox, { params: { mailbox_id: mailboxId }, body, headers: { "idempotency-key": idempotencyKey } }),
    // Sent gains the copy, Drafts loses the draft, and a reply to a hosted mailbox of the account may already be in it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all(mailboxId) }),
  });
}

export function useSaveDraft(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, body }: { draftId: string | undefined; body: DraftBody }) =>
      draftId
        ? portalFetch(replaceMailboxDraft, { params: { mailbox_id: mailboxId, draft_id: draftId }, body })
        : portalFetch(saveMailboxDraft, { params: { mailbox_id: mailboxId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all(mailboxId) }),
  });
}
