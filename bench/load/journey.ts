// One virtual user: signs in, creates a report, then until time is up does a weighted mix of the
// day's work: list reports, open the report, load a thumbnail, upload a before or after photo
// (raw JPEG, as the app's client sends), pair them, export the PDF. Every acknowledged photo and
// pair is remembered so the run can check afterwards that none was lost. A 429 or 503 with
// Retry-After (the server's bounded work, issue 27) is waited out and the same request sent again,
// as the app's outbox does; the run counts those answers apart from errors.
import type { Recorder } from './stats.js';

export interface Acknowledged {
  photos: number[];
  pairs: number[];
}

interface JourneyOptions {
  baseUrl: string;
  /** This visitor's address, as the reverse proxy in front reports it (X-Forwarded-For). */
  address: string;
  email: string;
  password: string;
  photo: Buffer;
  until: number;
  recorder: Recorder;
  acknowledged: Acknowledged;
}

export async function runJourney(options: JourneyOptions): Promise<void> {
  const { baseUrl, recorder } = options;
  let cookie = '';

  const call = async (step: string, method: string, path: string, body?: { json?: unknown; bytes?: Buffer }): Promise<{ status: number; json: unknown }> => {
    // Bounded in time: once time is up no new request starts (status -1 is never recorded).
    if (Date.now() >= options.until && step !== 'sign in') return { status: -1, json: undefined };
    const headers: Record<string, string> = { origin: baseUrl, 'x-forwarded-for': options.address };
    if (cookie) headers.cookie = cookie;
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (body?.bytes) {
      headers['content-type'] = 'image/jpeg';
      payload = new Uint8Array(body.bytes);
    } else if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    }
    for (;;) {
      const started = performance.now();
      try {
        const response = await fetch(baseUrl + path, { method, headers, body: payload });
        const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
        if (setCookie) cookie = setCookie.split(';')[0] ?? '';
        const type = response.headers.get('content-type') ?? '';
        const json: unknown = type.includes('json') ? await response.json() : (await response.arrayBuffer(), undefined);
        const retryAfterMs = Number(response.headers.get('retry-after')) * 1000;
        const later = (response.status === 429 || response.status === 503) && retryAfterMs > 0;
        recorder.record(step, response.status, performance.now() - started, later);
        if (!later || Date.now() + retryAfterMs >= options.until) return { status: response.status, json };
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
      } catch {
        recorder.record(step, 0, performance.now() - started);
        return { status: 0, json: undefined };
      }
    }
  };

  const login = await call('sign in', 'POST', '/api/login', { json: { email: options.email, password: options.password } });
  if (login.status !== 200) return;
  const state = {
    projectId: 0,
    unpaired: { before: [] as number[], after: [] as number[] },
    photos: [] as number[],
    pairs: 0,
    nextType: 'before' as 'before' | 'after',
  };

  const upload = async () => {
    const type = state.nextType;
    const response = await call('upload', 'POST', `/api/projects/${state.projectId}/photos?type=${type}`, { bytes: options.photo });
    if (response.status !== 201) return;
    const id = (response.json as { id: number }).id;
    options.acknowledged.photos.push(id);
    state.photos.push(id);
    state.unpaired[type].push(id);
    state.nextType = type === 'before' ? 'after' : 'before';
  };
  const pair = async () => {
    const beforePhotoId = state.unpaired.before.shift();
    const afterPhotoId = state.unpaired.after.shift();
    const response = await call('pair', 'POST', `/api/projects/${state.projectId}/photo-pairs`, { json: { beforePhotoId, afterPhotoId } });
    if (response.status !== 201) return;
    options.acknowledged.pairs.push((response.json as { id: number }).id);
    state.pairs += 1;
  };

  // A weighted mix of what people do most (look) and least (export), each step only once it makes sense.
  while (Date.now() < options.until) {
    if (!state.projectId) {
      const created = await call('create', 'POST', '/api/projects', { json: { clientName: 'Load Test Client', description: 'Kitchen deep clean' } });
      if (created.status === 201) state.projectId = (created.json as { id: number }).id;
      continue;
    }
    const roll = Math.random();
    const canPair = state.unpaired.before.length > 0 && state.unpaired.after.length > 0;
    if (canPair && roll < 0.5) await pair();
    else if (roll < 0.25) await call('list', 'GET', '/api/projects');
    else if (roll < 0.45) await call('open', 'GET', `/api/projects/${state.projectId}?images=url`);
    else if (roll < 0.6 && state.photos.length > 0)
      await call('thumbnail', 'GET', `/api/photos/${state.photos[Math.floor(Math.random() * state.photos.length)]}/thumbnail`);
    else if (roll < 0.9 || state.pairs === 0) await upload();
    else await call('export pdf', 'GET', `/api/projects/${state.projectId}/report.pdf`);
  }
}
