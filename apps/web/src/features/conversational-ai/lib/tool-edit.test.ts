import { toolConfig } from '@vocalis/contracts/conversational-ai-tools';
import { describe, expect, it } from 'vitest';

import { newToolEdit, toolConfigOf, toolEditOf } from './tool-edit';

describe('the Tools page form', () => {
  it('writes a webhook tool the server’s schema accepts, with secret headers and parameters by place', () => {
    const config = toolConfigOf({
      ...newToolEdit('webhook'),
      name: 'order_status',
      description: 'Looks up an order',
      url: 'https://shop.example.com/orders/{order_id}',
      method: 'POST',
      timeout: '15',
      headers: [
        { name: 'Authorization', kind: 'secret', value: '', secretId: 'sec_1' },
        { name: 'X-Shop', kind: 'text', value: 'north', secretId: '' },
        { name: ' ', kind: 'text', value: 'ignored', secretId: '' },
      ],
      parameters: [
        { name: 'verbose', type: 'boolean', description: '', required: false, where: 'query' },
        { name: 'note', type: 'string', description: 'A note', required: true, where: 'body' },
      ],
    });
    expect(toolConfig.safeParse(config).success).toBe(true);
    expect(config).toEqual({
      type: 'webhook',
      name: 'order_status',
      description: 'Looks up an order',
      response_timeout_secs: 15,
      api_schema: {
        url: 'https://shop.example.com/orders/{order_id}',
        method: 'POST',
        request_headers: { Authorization: { secret_id: 'sec_1' }, 'X-Shop': 'north' },
        query_params_schema: { type: 'object', properties: { verbose: { type: 'boolean' } }, required: [] },
        request_body_schema: {
          type: 'object',
          properties: { note: { type: 'string', description: 'A note' } },
          required: ['note'],
        },
      },
    });
  });

  it('reads a stored tool back into the same form, keeping what the form cannot show', () => {
    const stored = {
      type: 'webhook',
      name: 'book',
      description: 'Books a table',
      custom_flag: true,
      api_schema: {
        url: 'https://example.com/book',
        method: 'PUT',
        request_headers: { 'X-Key': { secret_id: 'sec_9' } },
        request_body_schema: {
          properties: {
            guests: { type: 'integer', description: 'How many' },
            extras: { type: 'array', items: { type: 'string' } },
          },
          required: ['guests', 'extras'],
        },
      },
    };
    const edit = toolEditOf(stored);
    expect(edit.headers).toEqual([{ name: 'X-Key', kind: 'secret', value: '', secretId: 'sec_9' }]);
    expect(edit.parameters).toEqual([
      { name: 'guests', type: 'integer', description: 'How many', required: true, where: 'body' },
    ]);
    const again = toolConfigOf({ ...edit, description: 'Books a table for tonight' }) as Record<
      string,
      unknown
    >;
    expect(again.custom_flag).toBe(true);
    expect(again.description).toBe('Books a table for tonight');
    expect(again.api_schema).toMatchObject({
      request_body_schema: {
        properties: { guests: { type: 'integer', description: 'How many' }, extras: { type: 'array' } },
        required: ['extras', 'guests'],
      },
    });
  });

  it('writes a client tool with its parameters and whether it answers', () => {
    const config = toolConfigOf({
      ...newToolEdit('client'),
      name: 'show_map',
      expectsResponse: true,
      parameters: [{ name: 'city', type: 'string', description: '', required: true, where: 'body' }],
    });
    expect(toolConfig.safeParse(config).success).toBe(true);
    expect(config).toMatchObject({
      type: 'client',
      expects_response: true,
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(toolEditOf(config as never).expectsResponse).toBe(true);
  });
});
