import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { ApiInstance } from '../../platform/fastify-types.ts';
import { uploadContentType, uploadedFilePath } from '../../platform/image-uploads.ts';
import { placeholderKinds, renderPlaceholderSvg } from './placeholder-image.ts';

const paramsSchema = z.object({
  kind: z.enum(placeholderKinds),
  file: z.string().regex(/^[^/]{1,120}\.svg$/, 'Unknown image'),
});

/** Demo images are drawn on request from their name: nothing to download, nothing to break. */
const tags = ['Media'];
const picture = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } } } });

export async function mediaRoutes(app: ApiInstance) {
  const placeholderSchema = { tags, summary: "A demo picture drawn from its name", params: paramsSchema, response: picture('image/svg+xml', 'An SVG picture') };
  // Drawn in microseconds, and pictures of a page already sent: answered while the process sheds load too.
  app.get('/media/placeholder/:kind/:file', { schema: placeholderSchema, config: { servedUnderPressure: true } }, async (request, reply) => {
    const { kind, file } = request.params;
    const label = file.slice(0, -'.svg'.length).replace(/[-_]+/g, ' ');
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    return renderPlaceholderSvg({ kind, label, seed: file });
  });

  // Uploaded pictures (profile photos…). Each name is random and never reused, so they cache forever.
  const uploadSchema = {
    tags,
    summary: 'An uploaded picture (profile photo, ticket attachment)',
    // Any name that is not a stored file is not found.
    params: z.object({ folder: z.string(), file: z.string() }),
    response: picture('image/*', 'The picture, cached for a year (names are never reused)'),
  };
  app.get('/media/uploads/:folder/:file', { schema: uploadSchema, config: { servedUnderPressure: true } }, async (request, reply) => {
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
