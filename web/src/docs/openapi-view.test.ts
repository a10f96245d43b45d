import { describe, expect, it } from 'vitest';
import { codeSample, sampleOf, typeLabel, type OperationEntry } from './openapi-view';

const post: OperationEntry = {
  method: 'POST',
  path: '/song-request-api',
  op: {
    operationId: 'post',
    summary: 'Send',
    tags: ['Song Requests'],
    requestBody: { content: { 'application/json': { schema: { type: 'object' }, example: { artist: "Sinéad O'Connor", title: 'Nothing Compares 2 U' } } } },
    responses: {},
  },
};
const get: OperationEntry = { method: 'GET', path: '/schedule-api', op: { operationId: 'get', summary: 'Shows', tags: ['Schedule API'], responses: {}, 'x-example-query': { week: 'current', limit: '10' } } };

describe('API docs code samples', () => {
  it('quotes values safely in each language', () => {
    expect(codeSample(post, 'https://radio.example', 'curl')).toContain(`-d '{"artist":"Sinéad O'\\''Connor","title":"Nothing Compares 2 U"}'`);
    expect(codeSample(post, 'https://radio.example', 'PHP')).toContain(`'artist' => 'Sinéad O\\'Connor',`);
    expect(codeSample(post, 'https://radio.example', 'Python')).toContain(`"artist": "Sinéad O'Connor",`);
    expect(codeSample(get, 'https://radio.example', 'curl')).toBe(`curl 'https://radio.example/schedule-api?week=current&limit=10'`);
    expect(codeSample(get, 'https://radio.example', 'JavaScript')).toContain('new URLSearchParams(');
  });
  it('labels types and builds sample bodies from the schema', () => {
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string or null');
    expect(typeLabel({ type: 'integer', minimum: 1, maximum: 500 })).toBe('integer (1–500)');
    expect(typeLabel({ type: 'string', enum: ['song', 'custom'] })).toBe('song | custom');
    expect(sampleOf({ type: 'object', properties: { ok: { type: 'boolean' }, n: { type: 'integer', default: 50 }, tags: { type: 'array', items: { type: 'string' } } } })).toEqual({ ok: true, n: 50, tags: ['string'] });
  });
});
