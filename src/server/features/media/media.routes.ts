import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { uploadContentType, uploadedFilePath } from '../../platform/image-uploads.ts';
import { parseInput } from '../../platform/validation.ts';
import { placeholderKinds, renderPlaceholderSvg } from './placeholder-image.ts';

const paramsSchema = z.object({
  kind: z.enum(placeholderKinds),
  file: z.string().regex(/^[^/]{1,120}\.svg$/, 'Unknown image'),
});

/** Demo images are drawn on request from their name: nothing to download, nothing to break. */
export async function mediaRoutes(app: FastifyInstance) {
  app.get('/media/placeholder/:kind/:file', async (request, reply) => {
    const { kind, file } = parseInput(paramsSchema, request.params);
    const label = file.slice(0, -'.svg'.length).replace(/[-_]+/g, ' ');
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return renderPlaceholderSvg({ kind, label, seed: file });
  });

  // Uploaded pictures (profile photos…). Each name is random and never reused, so they cache forever.
  app.get<{ Params: { folder: string; file: string } }>('/media/uploads/:folder/:file', async (request, reply) => {
    const file = uploadedFilePath(app.config.dataDir, request.params.folder, request.params.file);
    const stats = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !stats?.isFile()) throw notFound('Image not found');
    reply
      .type(uploadContentType(file))
      .header('content-length', stats.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'");
    return reply.send(createReadStream(file));
  });
}
