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

/** [method, path, the statuses its responses list], one row a route. */
type Row = readonly [method: string, path: string, statuses: string];

const LEAVE_REQUEST_ROUTES: Row[] = [
  ['get', '/api/v1/me/leave-requests', '200 400 401'],
  ['post', '/api/v1/me/leave-requests', '201 400 401 409 413 415'],
  ['post', '/api/v1/me/leave-requests/{id}/withdraw', '200 400 401 404 409 414'],
  ['get', '/api/v1/requests', '200 400 401 403'],
  ['get', '/api/v1/requests/{id}/impact', '200 400 401 403 404 414'],
  ['post', '/api/v1/requests/{id}/approve', '200 400 401 403 404 409 413 414 415 429 503'],
  ['post', '/api/v1/requests/{id}/decline', '200 400 401 403 404 409 413 414 415'],
];

/** A request of one's own account. */
const EMAIL_CHANGE_ROUTES: Row[] = [['put', '/api/v1/me/email', '200 400 401 403 409 413 415 429']];

const OFFER_ROUTES: Row[] = [
  ['get', '/api/v1/me/offers', '200 400 401'],
  ['post', '/api/v1/me/offers', '201 400 401 404 409 413 415'],
  ['post', '/api/v1/me/offers/{id}/withdraw', '200 400 401 404 409 414'],
  ['post', '/api/v1/offers/{id}/accept', '200 400 401 404 409 414'],
  ['get', '/api/v1/admin/settings/swap-approval', '200 400 401 403'],
  ['put', '/api/v1/admin/settings/swap-approval', '200 400 401 403 413 415'],
];

describe.each([
  ['leave-request route', LEAVE_REQUEST_ROUTES],
  ['own e-mail change route', EMAIL_CHANGE_ROUTES],
  ['offer route', OFFER_ROUTES],
] as const)('the OpenAPI document, each %s', (_kind, rows) => {
  it.each(rows)('%s %s lists every status it answers: %s', (method, path, statuses) => {
    expect(codes(path, method)).toEqual(statuses.split(' '));
  });
});
