import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The statuses the served OpenAPI document lists for the request routes
 * (leave requests, offers and swaps, the managers' inbox, and the own e-mail
 * change): what each route
 * declares plus what contractTransform adds from its registration
 * (apps/api/src/http/openapi-contract.ts).
 */
let t: TestApp;
let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

const codes = (path: string, method: string) =>
  Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('lists every status each leave-request route answers, with its body', () => {
    expect(codes('/api/v1/me/leave-requests', 'get')).toEqual(['200', '400', '401']);
    expect(codes('/api/v1/me/leave-requests', 'post')).toEqual([
      '201',
      '400',
      '401',
      '409',
      '413',
      '415',
    ]);
    expect(codes('/api/v1/me/leave-requests/{id}/withdraw', 'post')).toEqual([
      '200',
      '400',
      '401',
      '404',
      '409',
      '414',
    ]);
    expect(codes('/api/v1/requests', 'get')).toEqual(['200', '400', '401', '403']);
    expect(codes('/api/v1/requests/{id}/impact', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '414',
    ]);
    expect(codes('/api/v1/requests/{id}/approve', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '414',
      '415',
      '429',
      '503',
    ]);
    expect(codes('/api/v1/requests/{id}/decline', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '414',
      '415',
    ]);
  });

  it("lists every status the own e-mail change answers (a request of one's own account)", () => {
    expect(codes('/api/v1/me/email', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '429',
    ]);
  });

  it('lists every status each offer route answers', () => {
    expect(codes('/api/v1/me/offers', 'get')).toEqual(['200', '400', '401']);
    expect(codes('/api/v1/me/offers', 'post')).toEqual([
      '201',
      '400',
      '401',
      '404',
      '409',
      '413',
      '415',
    ]);
    for (const path of ['/api/v1/me/offers/{id}/withdraw', '/api/v1/offers/{id}/accept'])
      expect(codes(path, 'post')).toEqual(['200', '400', '401', '404', '409', '414']);
    expect(codes('/api/v1/admin/settings/swap-approval', 'get')).toEqual([
      '200',
      '400',
      '401',
      '403',
    ]);
    expect(codes('/api/v1/admin/settings/swap-approval', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
    ]);
  });
});
