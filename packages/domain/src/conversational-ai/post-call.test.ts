import { describe, expect, it } from 'vitest';
import { criteriaOf, dataFieldsOf, parseAnalysis, postCallRequest } from './post-call';

const settings = {
  evaluation: {
    criteria: [
      { id: 'solved', name: 'Solved', type: 'prompt', conversation_goal_prompt: 'The order was found' },
    ],
  },
  data_collection: {
    order_number: { type: 'string', description: 'The order number' },
    items: { type: 'integer', description: 'How many items' },
  },
};

describe('post-call analysis', () => {
  const criteria = criteriaOf(settings);
  const fields = dataFieldsOf(settings);

  it('reads criteria and fields from platform settings', () => {
    expect(criteria).toEqual([{ id: 'solved', name: 'Solved', prompt: 'The order was found' }]);
    expect(fields.map((f) => f.id)).toEqual(['order_number', 'items']);
    expect(JSON.parse(postCallRequest([{ role: 'user', message: 'hi' }], criteria, fields))).toMatchObject({
      transcript: ['user: hi'],
      evaluation_criteria: [{ id: 'solved', goal: 'The order was found' }],
    });
  });

  it("keeps the model's answers of the right type and calls the rest unknown or null", () => {
    const analysis = parseAnalysis(
      '```json\n{"evaluation_criteria_results":{"solved":{"result":"success","rationale":"found"}},' +
        '"data_collection_results":{"order_number":{"value":"A7","rationale":"said"},"items":{"value":"two"}},' +
        '"transcript_summary":"An order."}\n```',
      criteria,
      fields,
    );
    expect(analysis).toEqual({
      evaluation_criteria_results: {
        solved: { criteria_id: 'solved', result: 'success', rationale: 'found' },
      },
      data_collection_results: {
        order_number: {
          data_collection_id: 'order_number',
          value: 'A7',
          json_schema: { type: 'string', description: 'The order number' },
          rationale: 'said',
        },
        items: {
          data_collection_id: 'items',
          value: null,
          json_schema: { type: 'integer', description: 'How many items' },
          rationale: '',
        },
      },
      call_successful: 'success',
      transcript_summary: 'An order.',
    });
  });

  it('says unknown when the answer is not JSON, failure when a criterion failed', () => {
    expect(parseAnalysis('no idea', criteria, fields).call_successful).toBe('unknown');
    expect(
      parseAnalysis('{"evaluation_criteria_results":{"solved":{"result":"failure"}}}', criteria, fields)
        .call_successful,
    ).toBe('failure');
  });
});
