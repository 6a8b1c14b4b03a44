/**
 * Post-call analysis (decision 191): the request the language model gets after a call when the agent has
 * evaluation criteria or data-collection fields, and how its JSON answer becomes the conversation's
 * `analysis` (ElevenLabs' shape). Anything the model leaves out or gets wrong is "unknown" / null, never made up.
 */
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export const POST_CALL_SYSTEM_PROMPT =
  'You evaluate a finished phone or web call between an AI agent and a user. Answer with one JSON object only.';

export type Criterion = { id: string; name: string; prompt: string };
export type DataField = { id: string; type: string; description: string };

export function criteriaOf(platformSettings: Obj): Criterion[] {
  const list = obj(platformSettings.evaluation).criteria;
  return (Array.isArray(list) ? list : [])
    .map((c) => obj(c))
    .filter((c) => typeof c.id === 'string' && c.id)
    .map((c) => ({
      id: c.id as string,
      name: String(c.name ?? c.id),
      prompt: String(c.conversation_goal_prompt ?? ''),
    }));
}

export function dataFieldsOf(platformSettings: Obj): DataField[] {
  return Object.entries(obj(platformSettings.data_collection)).map(([id, v]) => ({
    id,
    type: String(obj(v).type ?? 'string'),
    description: String(obj(v).description ?? ''),
  }));
}

/** The user message: the transcript, what to judge and collect, and the answer's shape. */
export function postCallRequest(
  transcript: { role: string; message: string }[],
  criteria: Criterion[],
  fields: DataField[],
): string {
  return JSON.stringify({
    transcript: transcript.map((t) => `${t.role}: ${t.message}`),
    evaluation_criteria: criteria.map((c) => ({ id: c.id, goal: c.prompt })),
    data_collection: fields.map((f) => ({ id: f.id, type: f.type, description: f.description })),
    answer_shape: {
      evaluation_criteria_results: {
        '<criterion id>': { result: 'success | failure | unknown', rationale: '…' },
      },
      data_collection_results: {
        '<field id>': { value: '<value of the field type, or null>', rationale: '…' },
      },
      transcript_summary: '…',
    },
  });
}

const RESULTS = new Set(['success', 'failure', 'unknown']);

function valueOfType(type: string, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'boolean') return typeof v === 'boolean' ? v : null;
  if (type === 'integer') return Number.isInteger(v) ? v : null;
  if (type === 'number') return typeof v === 'number' && Number.isFinite(v) ? v : null;
  return typeof v === 'string' ? v : null;
}

/** The model's answer (text, maybe in a code fence) as the stored analysis. */
export function parseAnalysis(answer: string, criteria: Criterion[], fields: DataField[]) {
  let parsed: Obj = {};
  const json = answer.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
  try {
    parsed = obj(JSON.parse(json));
  } catch {
    parsed = {};
  }
  const evals = obj(parsed.evaluation_criteria_results);
  const data = obj(parsed.data_collection_results);
  const evaluation: Obj = {};
  for (const c of criteria) {
    const r = obj(evals[c.id]);
    const result = typeof r.result === 'string' && RESULTS.has(r.result) ? r.result : 'unknown';
    evaluation[c.id] = {
      criteria_id: c.id,
      result,
      rationale: typeof r.rationale === 'string' ? r.rationale : '',
    };
  }
  const collected: Obj = {};
  for (const f of fields) {
    const r = obj(data[f.id]);
    collected[f.id] = {
      data_collection_id: f.id,
      value: valueOfType(f.type, r.value),
      json_schema: { type: f.type, description: f.description },
      rationale: typeof r.rationale === 'string' ? r.rationale : '',
    };
  }
  const results = Object.values(evaluation).map((e) => (e as { result: string }).result);
  const call_successful = results.includes('failure')
    ? 'failure'
    : results.length && results.every((r) => r === 'success')
      ? 'success'
      : 'unknown';
  return {
    evaluation_criteria_results: evaluation,
    data_collection_results: collected,
    call_successful,
    transcript_summary: typeof parsed.transcript_summary === 'string' ? parsed.transcript_summary : '',
  };
}
