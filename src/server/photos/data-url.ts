import { badRequest } from '../lib/http-errors.js';

const DATA_URL_HEAD = /^data:image\/[a-z0-9.+-]+(;[a-z0-9-]+=[a-z0-9._-]+)*;base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a spec §3 image data URL. Only the envelope is checked here; whether the bytes
 * are an image is decided by decoding them (the stated type proves nothing).
 */
export function decodeImageDataUrl(dataUrl: string): Buffer {
  const head = DATA_URL_HEAD.exec(dataUrl.slice(0, 200));
  if (!head) throw badRequest('data_url_invalid');
  const body = dataUrl.slice(head[0].length);
  // Buffer.from silently skips characters that are not base64, so check them first.
  if (body.length === 0 || body.length % 4 === 1 || !BASE64_BODY.test(body)) throw badRequest('data_url_base64_invalid');
  return Buffer.from(body, 'base64');
}
