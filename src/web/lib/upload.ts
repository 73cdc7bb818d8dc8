/**
 * Multipart uploads that report their progress, which fetch cannot do for request bodies: an
 * XMLHttpRequest, with the client's headers and errors. Its own module, so only the chunks that
 * upload (the admin, the payment proof) load it.
 */
import type { ParamsOf, ResponseOf, Route } from '../../shared/contracts/endpoints/define';
import { type ApiClient, ApiError, urlOf } from './api';

export interface UploadOptions {
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  /** Aborting cancels the transfer and rejects with an AbortError. */
  signal?: AbortSignal;
}

const cancelled = () => new DOMException('Upload cancelled', 'AbortError');

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** Sends a form to a path with the client's headers; resolves with the parsed answer. */
function uploadForm<T>(
  client: ApiClient,
  target: { method: string; url: string; body: FormData },
  options: UploadOptions = {},
): Promise<T> {
  const refuse =
    client.hooks.error ??
    ((status: number, text: string, statusText: string) => new ApiError(status, text, statusText));
  return new Promise<T>((resolve, reject) => {
    const headers = client.hooks.headers?.() ?? {};
    const request = new XMLHttpRequest();
    request.open(target.method, target.url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(refuse(request.status, request.responseText, request.statusText));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as T);
      } catch {
        reject(refuse(request.status, 'The server sent an unreadable answer', ''));
      }
    };
    request.onerror = () => reject(refuse(0, 'Network error: the upload did not reach the server', ''));
    request.onabort = () => reject(cancelled());
    if (options.signal?.aborted) {
      reject(cancelled());
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(target.body);
  });
}

/** Uploads to a declared multipart endpoint; the answer is typed by its contract. */
export function upload<E extends Route & { readonly body: 'multipart' }>(
  client: ApiClient,
  endpoint: E,
  input: { params?: ParamsOf<E>; body: FormData },
  options?: UploadOptions,
): Promise<ResponseOf<E>> {
  const url = urlOf(endpoint, { params: input.params ?? undefined });
  return uploadForm(client, { method: endpoint.method, url, body: input.body }, options);
}
