import sharp from 'sharp';

export interface FilePart {
  /** The form field; `file` unless told. */
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it, with the headers `app.inject` needs. */
export async function multipartBody(fields: Record<string, string>, files: readonly FilePart[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://store.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** A plain picture of the given size and format, drawn by sharp. */
export const drawnPicture = (format: 'png' | 'jpeg' | 'webp', width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
