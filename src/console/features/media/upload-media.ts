import { ApiError, apiHeaders, refusal } from '../../../client/lib/api-client.ts';
import type { MediaAsset } from '../../../shared/media.contract.ts';

/**
 * `POST /api/console/media` with one picture, reporting how much of it has gone (0 to 1). Through
 * XMLHttpRequest, as fetch tells nothing of an upload's progress; like the api client's calls it is
 * same-origin, so the browser sends the session cookie and the Origin the cross-site guard checks.
 */
export function uploadMedia(file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<MediaAsset> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/console/media');
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (request.status === 201) resolve((payload as { data: { media: MediaAsset } }).data.media);
      else reject(refusal(request.status, request.statusText, payload));
    };
    request.onerror = () => reject(new ApiError(0, 'Network error, please try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
