import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TICKET_ATTACHMENTS_FIELD, TICKET_LIMITS } from '../../../shared/support-tickets.ts';
import { ticketNumberSchema } from '../../../shared/support.contract.ts';
import { notFound } from '../../platform/errors.ts';
import { readFormWithPictures, removeUploadedImages, saveUploadedImages, type UploadedFile } from '../../platform/image-uploads.ts';

/** Attachments are shrunk to fit this width (a screenshot stays readable, a camera photo gets small). */
const ATTACHMENT_WIDTH = 1600;

/**
 * A ticket message arrives as JSON, or as multipart/form-data when it carries pictures: at most three
 * under `attachments`, each within the profile photo's size (the app's multipart limits still apply).
 */
export const readTicketForm = (request: FastifyRequest) =>
  readFormWithPictures(request, { field: TICKET_ATTACHMENTS_FIELD, maxFiles: TICKET_LIMITS.attachments, maxFileBytes: TICKET_LIMITS.attachmentBytes });

/** Re-encodes and stores the pictures (all or none); answers their addresses. */
export const saveAttachments = (app: FastifyInstance, files: readonly UploadedFile[]) =>
  saveUploadedImages(files, { dataDir: app.config.dataDir, folder: 'tickets', width: ATTACHMENT_WIDTH, fit: 'inside' });

export const removeAttachments = (app: FastifyInstance, urls: readonly string[]) => removeUploadedImages(app.config.dataDir, urls);

/** A ticket number from the path; one that cannot be a ticket's is simply not found. */
export function ticketNumberOf(params: unknown): string {
  const parsed = ticketNumberSchema.safeParse((params as { ticket_no?: unknown }).ticket_no);
  if (!parsed.success) throw notFound('Ticket not found');
  return parsed.data;
}

/** Ticket messages come as JSON, or as multipart/form-data with pictures (`formBody`). */
export const TICKET_FORM_DESCRIPTION = `JSON, or multipart/form-data with the same fields and up to ${TICKET_LIMITS.attachments} pictures under \`${TICKET_ATTACHMENTS_FIELD}\`.`;
