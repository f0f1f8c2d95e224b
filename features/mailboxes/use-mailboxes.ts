"use client";
// The account's hosted mailboxes, their app passwords and aliases through the BFF.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import {
  createAppPassword,
  createMailbox,
  createMailboxAlias,
  deleteAppPassword,
  deleteMailbox,
  deleteMailboxAlias,
  getMailClientSettings,
  listAppPasswords,
  listMailboxAliases,
  listMailboxes,
  updateMailbox,
} from "@/shared/api/endpoint-refs";
import type { createAliasBody } from "@/shared/schemas/mailbox-aliases";
import type { createAppPasswordBody } from "@/shared/schemas/mailbox-app-passwords";
import type { createMailboxBody, Mailbox, updateMailboxBody } from "@/shared/schemas/mailboxes";

const mailboxesKey = ["mailboxes"] as const;
const aliasesKey = ["mailboxes", "aliases"] as const;
const appPasswordsKey = (mailboxId: string) => ["mailboxes", mailboxId, "app-passwords"] as const;

export function useMailboxes() {
  return useQuery({ queryKey: [...mailboxesKey, "list"], queryFn: ({ signal }) => portalFetch(listMailboxes, { signal }) });
}

export function useMailClientSettings() {
  return useQuery({
    queryKey: [...mailboxesKey, "client-settings"],
    queryFn: ({ signal }) => portalFetch(getMailClientSettings, { signal }),
    // The servers never change while the page is open; the storage's state (offline, back) can.
    refetchInterval: (query) => (query.state.data?.storage.status === "offline" ? 15_000 : false),
  });
}

export function useCreateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createMailboxBody>) => portalFetch(createMailbox, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...mailboxesKey, "list"] }),
  });
}

export function useUpdateMailbox(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMailboxBody>) => portalFetch(updateMailbox, { params: { mailbox_id: mailboxId }, body }),
    onSuccess: (updated) =>
      queryClient.setQueryData<Mailbox[]>([...mailboxesKey, "list"], (list) =>
        list?.map((mailbox) => (mailbox.id === updated.id ? updated : mailbox)),
      ),
  });
}

export function useDeleteMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailboxId: string) => portalFetch(deleteMailbox, { params: { mailbox_id: mailboxId } }),
    // Aliases lose the deleted mailbox too.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}

export function useAppPasswords(mailboxId: string) {
  return useQuery({
    queryKey: appPasswordsKey(mailboxId),
    queryFn: ({ signal }) => portalFetch(listAppPasswords, { params: { mailbox_id: mailboxId }, signal }),
  });
}

export function useCreateAppPassword(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createAppPasswordBody>) =>
      portalFetch(createAppPassword, { params: { mailbox_id: mailboxId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: appPasswordsKey(mailboxId) }),
  });
}

export function useDeleteAppPassword(mailboxId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appPasswordId: string) =>
      portalFetch(deleteAppPassword, { params: { mailbox_id: mailboxId, app_password_id: appPasswordId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: appPasswordsKey(mailboxId) }),
  });
}

export function useAliases() {
  return useQuery({ queryKey: aliasesKey, queryFn: ({ signal }) => portalFetch(listMailboxAliases, { signal }) });
}

export function useCreateAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createAliasBody>) => portalFetch(createMailboxAlias, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: aliasesKey }),
  });
}

export function useDeleteAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) => portalFetch(deleteMailboxAlias, { params: { alias_id: aliasId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: aliasesKey }),
  });
}
