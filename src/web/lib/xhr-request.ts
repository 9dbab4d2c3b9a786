// A request that reports its upload progress (a percentage per photo). fetch cannot
// tell how much of a body has gone (an upload stream needs HTTP/2 and is not in every browser);
// XMLHttpRequest can. The answer comes back as a Response, so callers treat it as fetch's.

export interface XhrRequestInit {
  headers: Record<string, string>;
  body: Blob;
  signal?: AbortSignal;
  /** The share of the body sent so far, 0 to 1. */
  onUploadProgress: (fraction: number) => void;
}

export function xhrRequest(method: string, url: string, init: XhrRequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) init.onUploadProgress(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    const done = () => init.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      // A Response may not carry a status outside 200-599 (0 is a network error, handled below).
      const headers = new Headers();
      const contentType = xhr.getResponseHeader('content-type');
      if (contentType) headers.set('content-type', contentType);
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    // Failures are thrown as fetch throws them: a TypeError for the network, the signal's reason for an abort.
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(init.signal?.reason ?? new DOMException('The request was aborted', 'AbortError'));
    };
    if (init.signal?.aborted) return abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    xhr.send(init.body);
  });
}
