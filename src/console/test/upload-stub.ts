import { vi } from 'vitest';

/** An upload the page started: what it sent, and the controls to move it along. */
export interface StubbedUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  file: File;
  /** Fires the upload's progress event: `loaded` of `total` bytes gone. */
  progress(loaded: number, total: number): void;
  /** Ends it with the API's status and JSON body. */
  answer(status: number, body: unknown): void;
}

/**
 * XMLHttpRequest for component tests of uploads (fetch has no upload progress): every request is
 * kept for the test to drive, nothing reaches a network.
 */
export function stubUploads() {
  const uploads: StubbedUpload[] = [];
  class StubbedRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(body: FormData) {
      uploads.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        file: body.get('file') as File,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        answer: (status, answerBody) => {
          this.status = status;
          this.responseText = JSON.stringify(answerBody);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', StubbedRequest);
  return uploads;
}

/** A picture file of `size` bytes without holding them (a too-big file need not fill the test's memory). */
export function pictureFile(name: string, size = 1000): File {
  const file = new File(['picture'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
