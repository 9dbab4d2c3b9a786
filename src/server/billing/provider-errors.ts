import type { FastifyRequest } from 'fastify';
import { serviceUnavailable } from '../lib/http-errors.js';
import { BillingUnavailableError } from './billing-provider.js';

/** Runs a provider call; the provider failing becomes a 503 with its message (logged), not a 500. */
export async function callProvider<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BillingUnavailableError) {
      request.log.warn({ err: error.cause ?? error }, 'billing provider failed');
      throw serviceUnavailable(error.code);
    }
    throw error;
  }
}
