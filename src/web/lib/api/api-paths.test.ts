// Paths and query keys come from the route table; a key's segments joined with '/' are its URL (spec §7).
import { describe, expect, it } from 'vitest';
import { apiPath, apiQueryKey } from './api-paths';

describe('apiPath and apiQueryKey', () => {
  it('fills path parameters, URL-encoded', () => {
    expect(apiPath('getProject', { id: 7 })).toBe('/api/projects/7');
    expect(apiPath('getPhotoImage', { id: '1/2' })).toBe('/api/photos/1%2F2/image');
    expect(() => apiPath('getProject')).toThrow(':id');
  });

  it('makes query keys whose joined segments are the same URL', () => {
    expect(apiQueryKey('listProjects')).toEqual(['/api/projects']);
    expect(apiQueryKey('getProject', { id: 7 })).toEqual(['/api/projects', 7]);
    for (const [name, params] of [
      ['getProject', { id: 7 }],
      ['getReportPdf', { id: 3 }],
      ['getBillingConfig', {}],
    ] as const) {
      expect(apiQueryKey(name, params).join('/')).toBe(apiPath(name, params));
    }
  });
});
