import { describe, expect, it } from 'vitest';
import {
  buildWebhookRequest,
  MAX_TOOL_RESULT_CHARS,
  pathParameters,
  toolResultText,
  webhookToolParameters,
} from './webhook-tool';

const schema = {
  url: 'https://api.example.com/orders/{order_id}/notes',
  method: 'POST',
  query_params_schema: { properties: { lang: { type: 'string' } }, required: ['lang'] },
  request_body_schema: {
    properties: { note: { type: 'string', description: 'The note' }, urgent: { type: 'boolean' } },
    required: ['note'],
  },
};

describe('webhook tools', () => {
  it('finds path parameters but not {{dynamic}} variables', () => {
    expect(pathParameters('https://x.test/a/{id}/b/{{system__agent_id}}/{other}')).toEqual(['id', 'other']);
  });

  it('offers path, query and body parameters to the model, with what is required', () => {
    expect(webhookToolParameters(schema)).toEqual({
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        lang: { type: 'string' },
        note: { type: 'string', description: 'The note' },
        urgent: { type: 'boolean' },
      },
      required: ['order_id', 'lang', 'note'],
    });
  });

  it('builds the request: path escaped, query string, JSON body, resolved headers', () => {
    const r = buildWebhookRequest(
      schema,
      { order_id: 'A/7', lang: 'en', note: 'ring twice', urgent: true, stray: 1 },
      { authorization: 'Bearer s3cret' },
    );
    expect(r).toEqual({
      method: 'POST',
      url: 'https://api.example.com/orders/A%2F7/notes?lang=en',
      headers: { 'content-type': 'application/json', authorization: 'Bearer s3cret' },
      body: '{"note":"ring twice","urgent":true}',
    });
  });

  it('sends no body with GET', () => {
    const r = buildWebhookRequest(
      { url: 'https://x.test/w?units=c', query_params_schema: { properties: { city: {} } } },
      { city: 'Oslo' },
      {},
    );
    expect(r).toEqual({ method: 'GET', url: 'https://x.test/w?units=c&city=Oslo', headers: {}, body: null });
  });

  it('hands the model the body, cut, and says when the server failed', () => {
    expect(toolResultText(200, '{"ok":true}')).toEqual({ result: '{"ok":true}', isError: false });
    expect(toolResultText(204, '')).toEqual({ result: 'HTTP 204', isError: false });
    expect(toolResultText(500, 'boom')).toEqual({
      result: "The tool's server answered HTTP 500: boom",
      isError: true,
    });
    expect(toolResultText(200, 'x'.repeat(MAX_TOOL_RESULT_CHARS + 5)).result).toHaveLength(
      MAX_TOOL_RESULT_CHARS + 1,
    );
  });
});
