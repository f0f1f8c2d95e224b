"use client";
// Templates and layouts through the BFF: lists, one template and its
// versions, saving (every save a new version), deleting, and the live preview.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { portalFetch } from "@/features/api/portal-fetch";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  getTemplateVersion,
  listTemplates,
  listTemplateVersions,
  previewTemplate,
  replaceTemplate,
} from "@/shared/api/endpoint-refs";
import type { createTemplateBody, previewTemplateBody, TemplateInput } from "@/shared/schemas/templates";

const templatesKey = ["sending", "templates"] as const;

export function useTemplates(kind?: "template" | "layout") {
  return useQuery({
    queryKey: [...templatesKey, "list", kind ?? "all"],
    queryFn: ({ signal }) => portalFetch(listTemplates, { query: { page: 1, limit: 100, ...(kind ? { kind } : {}) }, signal }),
  });
}

export function useTemplate(templateId: string) {
  return useQuery({
    queryKey: [...templatesKey, templateId],
    queryFn: ({ signal }) => portalFetch(getTemplate, { params: { template_id: templateId }, signal }),
  });
}

export function useTemplateVersions(templateId: string) {
  return useQuery({
    queryKey: [...templatesKey, templateId, "versions"],
    queryFn: ({ signal }) => portalFetch(listTemplateVersions, { params: { template_id: templateId }, signal }),
  });
}

/** One saved version's parts, read when it is restored. */
export const fetchTemplateVersion = (templateId: string, version: number) =>
  portalFetch(getTemplateVersion, { params: { template_id: templateId, version: String(version) } });

export function useSaveTemplate(templateId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createTemplateBody>) =>
      templateId
        ? portalFetch(replaceTemplate, { params: { template_id: templateId }, body: withoutKind(body) })
        : portalFetch(createTemplate, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

const withoutKind = ({ kind: _kind, ...body }: z.input<typeof createTemplateBody>): TemplateInput => body as TemplateInput;

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => portalFetch(deleteTemplate, { params: { template_id: templateId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** The rendering of what is in the editor now; `body` null while there is nothing to render. */
export function usePreview(body: z.input<typeof previewTemplateBody> | null) {
  return useQuery({
    queryKey: [...templatesKey, "preview", body],
    queryFn: ({ signal }) => portalFetch(previewTemplate, { body: body!, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
