import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { classifyFailure, MAX_RETRY_MS, retryDelayMs } from './outbox-policy';

describe('classifyFailure', () => {
  it('keeps and retries a photo after a network error or a server error', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('connection');
    expect(classifyFailure(new ApiError(500, '{"message":"Internal Server Error"}', 'Internal Server Error'))).toBe('server');
    expect(classifyFailure(new ApiError(503, '', 'Service Unavailable'))).toBe('server');
    expect(classifyFailure(new ApiError(429, '', 'Too Many Requests'))).toBe('connection');
    expect(classifyFailure(new ApiError(408, '', 'Request Timeout'))).toBe('connection');
  });

  it('keeps a photo until the user signs in again after a 401', () => {
    expect(classifyFailure(new ApiError(401, '{"message":"Not signed in"}', 'Unauthorized'))).toBe('sign-in');
  });

  it('keeps a photo until the user upgrades after a 402 (the trial ended after it was taken)', () => {
    expect(classifyFailure(new ApiError(402, '{"message":"Your free trial has ended."}', 'Payment Required'))).toBe('upgrade');
  });

  it('keeps a photo until the job is reopened when it was finished meanwhile (409 report_finished)', () => {
    expect(classifyFailure(new ApiError(409, '{"code":"report_finished","message":"This job is finished."}', 'Conflict'))).toBe('reopen');
    expect(classifyFailure(new ApiError(409, '{"code":"already_paired","message":"no"}', 'Conflict'))).toBe('drop');
  });

  it('drops a photo the server refused with any other 4xx', () => {
    for (const status of [400, 404, 413, 415, 422]) expect(classifyFailure(new ApiError(status, '{"message":"no"}', ''))).toBe('drop');
  });
});

describe('retryDelayMs', () => {
  it('backs off exponentially from 2 s', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000]);
  });

  it('never waits longer than a minute, however many attempts failed', () => {
    expect(retryDelayMs(6)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1000)).toBe(MAX_RETRY_MS);
  });
});
