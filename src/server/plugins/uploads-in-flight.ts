// The bytes of photo and logo uploads being read or decoded, counted per user and in total so a
// burst of uploads is refused (429/503 with Retry-After) before it fills the server's memory.
import { createUploadsInFlight } from '../lib/uploads-in-flight.js';
import { appWide } from './app-wide.js';

export const uploadsInFlightPlugin = appWide('uploads-in-flight', async (app) => {
  app.decorate('uploadsInFlight', createUploadsInFlight());
  app.metrics.addGauge('cleanproof_upload_bytes_in_flight', 'Declared bytes of photo and logo uploads being read or decoded', () => app.uploadsInFlight.bytes);
});
