import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TICKET_ATTACHMENTS_FIELD, TICKET_LIMITS } from '../../../shared/support-tickets.ts';
import { ticketNumberSchema } from '../../../shared/support.contract.ts';
import { notFound, validationFailed } from '../../platform/errors.ts';
import { readMultipartForm, removeUploadedImage, saveUploadedImage, type UploadedFile } from '../../platform/image-uploads.ts';

/** Attachments are shrunk to fit this width (a screenshot stays readable, a camera photo gets small). */
const ATTACHMENT_WIDTH = 1600;

export interface TicketForm {
  fields: unknown;
  files: UploadedFile[];
}

/**
 * A ticket message arrives as JSON, or as multipart/form-data when it carries pictures: at most three
 * under `attachments`, each within the profile photo's size (the app's multipart limits still apply).
 */
export async function readTicketForm(request: FastifyRequest): Promise<TicketForm> {
  if (!request.isMultipart()) return { fields: request.body, files: [] };
  const { fields, files } = await readMultipartForm(request, { fileFields: [TICKET_ATTACHMENTS_FIELD], maxFileBytes: TICKET_LIMITS.attachmentBytes });
  if (files.length > TICKET_LIMITS.attachments) {
    throw validationFailed({ [TICKET_ATTACHMENTS_FIELD]: [`The attachments must not have more than ${TICKET_LIMITS.attachments} items.`] });
  }
  return { fields, files };
}

/** Re-encodes and stores the pictures (all or none); answers their addresses. */
export async function saveAttachments(app: FastifyInstance, files: UploadedFile[]): Promise<string[]> {
  const saved: string[] = [];
  try {
    for (const file of files) {
      saved.push(await saveUploadedImage(file, { dataDir: app.config.dataDir, folder: 'tickets', width: ATTACHMENT_WIDTH, fit: 'inside' }));
    }
  } catch (error) {
    await removeAttachments(app, saved);
    throw error;
  }
  return saved;
}

export async function removeAttachments(app: FastifyInstance, urls: string[]) {
  await Promise.all(urls.map((url) => removeUploadedImage(app.config.dataDir, url)));
}

/** A ticket number from the path; one that cannot be a ticket's is simply not found. */
export function ticketNumberOf(params: unknown): string {
  const parsed = ticketNumberSchema.safeParse((params as { ticket_no?: unknown }).ticket_no);
  if (!parsed.success) throw notFound('Ticket not found');
  return parsed.data;
}

/** Ticket messages come as JSON, or as multipart/form-data with pictures (`formBody`). */
export const TICKET_FORM_DESCRIPTION = `JSON, or multipart/form-data with the same fields and up to ${TICKET_LIMITS.attachments} pictures under \`${TICKET_ATTACHMENTS_FIELD}\`.`;
