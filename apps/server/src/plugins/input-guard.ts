import type { FastifyInstance } from 'fastify';
import {
  findForbiddenCharacters,
  forbiddenCharacterMessage,
  type ForbiddenFinding,
} from '@vocalis/domain/forbidden-characters';

type Issue = { loc: (string | number)[]; msg: string; type: string };

const issue = (where: string, f: ForbiddenFinding): Issue => ({
  loc: [where, ...f.path],
  msg: forbiddenCharacterMessage(f),
  type: f.kind,
});

/**
 * Refuses, for every route and before its schema runs, any path parameter, query value or body string (keys
 * included) that holds NUL, another non-whitespace control character or an unpaired surrogate (decision 032):
 * 422 in the validation list shape, with `loc` named as schema failures name it. Runs as the first
 * preValidation hook of the root, so no route, auth handler or quota debit ever sees such a string. A
 * multipart route must parse its fields into the body (attachFieldsToBody) to be covered.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const detail = [
      ...findForbiddenCharacters(request.params).map((f) => issue('params', f)),
      ...findForbiddenCharacters(request.query).map((f) => issue('querystring', f)),
      ...findForbiddenCharacters(request.body).map((f) => issue('body', f)),
    ];
    if (detail.length) return reply.code(422).send({ detail });
  });
}

/**
 * The same refusal for the fields of a multipart body, which its parser fills only after the root hook ran:
 * register in the scope of routes that parse multipart fields into the body (attachFieldsToBody).
 */
export function guardMultipartFields(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    const detail = findForbiddenCharacters(request.body).map((f) => issue('body', f));
    if (detail.length) return reply.code(422).send({ detail });
  });
}
