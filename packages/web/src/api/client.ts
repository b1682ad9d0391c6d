import { messages, type Envelope } from '@uap/domain';

/**
 * A failed API call: the HTTP status (0 when the server could not be reached), the message to
 * show and the envelope's `data` (what the refusal names, e.g. a duplicate's request id; null
 * when it names nothing). Read `data` through a domain schema, never the message text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** How the client signs its calls; set once by the sign-in set-up (src/session/auth.ts). */
export interface ApiAuth {
  getAccessToken: () => Promise<string | null>;
  onUnauthorized: () => void;
}

/** Anything with a zod-like `parse`; the domain's schemas fit. */
export interface Parser<T> {
  parse: (data: unknown) => T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Validates the whole envelope instead of `data`, for the answers whose fields sit beside it
   * (UpdateRequest's `changeRequestId`).
   */
  isWholeEnvelope?: boolean;
  /** Validates `data`; without it the data is trusted to match T. */
  schema?: Parser<T>;
  /**
   * Loads the schema that validates `data` (a dynamic import), alongside the request: a screen's
   * first code then does not build the schemas of its answers (zod's work), which load in a task
   * of their own while the request is on its way.
   */
  loadSchema?: () => Promise<Parser<T>>;
  /** Sends no bearer token (only GET /api/config). */
  isAnonymous?: boolean;
  signal?: AbortSignal;
}

let apiAuth: ApiAuth | null = null;

const forbiddenListeners = new Set<(path: string) => void>();

/**
 * Hears the path of every refused call (403): the caller's role may have changed since the menus
 * were drawn (src/app/RequireAuth.tsx validates the user again). Returns the unsubscribe.
 */
export function onForbidden(listener: (path: string) => void): () => void {
  forbiddenListeners.add(listener);
  return () => {
    forbiddenListeners.delete(listener);
  };
}

function hearStatus(status: number, path: string): void {
  if (status === 403) {
    forbiddenListeners.forEach((listener) => {
      listener(path);
    });
  }
}

export function setApiAuth(auth: ApiAuth): void {
  apiAuth = auth;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.succeeded === 'boolean' && typeof candidate.message === 'string' && 'data' in candidate
  );
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * Calls the UAP API: attaches the bearer token, unwraps the `{ succeeded, message, data }`
 * envelope and throws an ApiError for a network failure, an HTTP error or `succeeded: false`.
 * A 401 also starts a new sign-in.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, isAnonymous = false, isWholeEnvelope = false, signal } = options;
  const schemaLoading = options.loadSchema?.();
  // Handled where it is awaited: a request that fails first must not leave it unhandled.
  schemaLoading?.catch(() => undefined);
  const headers = new Headers({ Accept: 'application/json' });
  if (!isAnonymous) {
    const token = await apiAuth?.getAccessToken();
    if (token) {
      headers.set('Authorization', `Bearer ${token}`);
    }
  }
  // No Content-Type without a body: the server refuses an empty JSON body.
  if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) {
      throw error;
    }
    throw new ApiError(0, messages.serverError);
  }

  if (response.status === 401 && !isAnonymous) {
    apiAuth?.onUnauthorized();
  }
  hearStatus(response.status, path);
  const envelope = await readEnvelope(response);
  if (!envelope) {
    throw new ApiError(
      response.status,
      response.status === 401 ? messages.unauthorized : messages.serverError,
    );
  }
  if (!response.ok || !envelope.succeeded) {
    throw new ApiError(response.status, envelope.message || messages.serverError, envelope.data);
  }
  const schema = options.schema ?? (await schemaLoading);
  if (!schema) {
    return envelope.data as T;
  }
  try {
    return schema.parse(isWholeEnvelope ? envelope : envelope.data);
  } catch (error) {
    console.error(`Unexpected response from ${method} ${path}`, error);
    throw new ApiError(response.status, messages.serverError);
  }
}

/**
 * Calls an endpoint that answers a file (a streamed CSV export with PUT and its table body, or a
 * PDF with GET) with the bearer token and saves the body under `fileName`; a failure throws the
 * ApiError of its envelope. `onProgress` hears the bytes received so far while a stream arrives.
 */
export async function apiDownload(
  path: string,
  body: unknown,
  fileName: string,
  method: 'PUT' | 'GET' = 'PUT',
  onProgress?: (bytesReceived: number) => void,
): Promise<void> {
  const headers = new Headers({ Accept: 'text/csv, application/pdf, application/json' });
  if (method === 'PUT') {
    headers.set('Content-Type', 'application/json');
  }
  const token = await apiAuth?.getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: method === 'PUT' ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, messages.serverError);
  }
  if (!response.ok) {
    hearStatus(response.status, path);
    const envelope = await readEnvelope(response);
    throw new ApiError(response.status, envelope?.message || messages.serverError, envelope?.data ?? null);
  }
  const url = URL.createObjectURL(
    onProgress && response.body ? await readWithProgress(response.body, onProgress) : await response.blob(),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POSTs one file as multipart field `file` with the bearer token; answers the envelope's data (throws its ApiError). */
export async function apiUpload<T>(path: string, file: File, schema: Parser<T>): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = await apiAuth?.getAccessToken();
  if (token) {
    headers.set('Authorization', `Bearer ${token}`);
  }
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, messages.serverError);
  }
  if (response.status === 401) {
    apiAuth?.onUnauthorized();
  }
  hearStatus(response.status, path);
  const envelope = await readEnvelope(response);
  if (!envelope || !response.ok || !envelope.succeeded) {
    throw new ApiError(response.status, envelope?.message || messages.serverError, envelope?.data ?? null);
  }
  return schema.parse(envelope.data);
}

/** The whole body as a Blob, reporting the bytes received after each chunk. */
async function readWithProgress(
  body: ReadableStream<Uint8Array>,
  onProgress: (bytesReceived: number) => void,
): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    chunks.push(new Uint8Array(value));
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks);
}

/**
 * Like `apiUpload`, but reports how much of the file has been sent (0 to 1) while it goes up:
 * XMLHttpRequest, as fetch has no upload progress. The answer's data, or its ApiError.
 */
export async function apiUploadWithProgress<T>(
  path: string,
  file: File,
  schema: Parser<T>,
  onProgress: (sent: number) => void,
): Promise<T> {
  const token = await apiAuth?.getAccessToken();
  const form = new FormData();
  form.append('file', file, file.name);
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) {
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) {
        onProgress(e.loaded / e.total);
      }
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, messages.serverError));
    xhr.send(form);
  });
  if (status === 401) {
    apiAuth?.onUnauthorized();
  }
  hearStatus(status, path);
  let envelope: unknown = null;
  try {
    envelope = JSON.parse(body);
  } catch {
    envelope = null;
  }
  if (!isEnvelope(envelope) || status < 200 || status >= 300 || !envelope.succeeded) {
    const failed = isEnvelope(envelope) ? envelope : null;
    throw new ApiError(status, failed?.message || messages.serverError, failed?.data ?? null);
  }
  return schema.parse(envelope.data);
}
