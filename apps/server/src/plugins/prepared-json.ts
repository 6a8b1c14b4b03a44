import type { FastifyReply } from 'fastify';
import { z } from 'zod';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Checks `value` against the route's response schema as the serializer would, and serializes it. */
export function serialize<S extends z.ZodType>(schema: S, value: z.output<S>): Buffer {
  return Buffer.from(JSON.stringify(z.encode(schema, value)));
}

/** Answers with a body serialized by `serialize` (the handler then returns nothing: the reply is sent). */
export function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/**
 * A JSON answer that is the same for every caller and for the life of the process (the model list, …):
 * made, checked against its response schema and serialized on first use, then sent as the same bytes each
 * time (decision 050). Fastify sends a Buffer with a JSON content type as it is, so the per-request schema
 * check and JSON.stringify of a large body are skipped; the check still ran once, with the same schema the
 * route declares. A failed first use is not kept: the next request tries again.
 */
export class PreparedJson<S extends z.ZodType> {
  private body?: Promise<Buffer>;

  constructor(
    private readonly schema: S,
    private readonly make: () => Promise<z.output<S>> | z.output<S>,
  ) {}

  /** The serialized body (made once). */
  bytes(): Promise<Buffer> {
    if (!this.body) {
      const body = (async () => serialize(this.schema, await this.make()))();
      body.catch(() => {
        if (this.body === body) this.body = undefined;
      });
      this.body = body;
    }
    return this.body;
  }

  /** Answers with the body (the handler then returns nothing: the reply is sent). */
  async send(reply: FastifyReply): Promise<void> {
    const body = await this.bytes();
    reply.type(JSON_TYPE).send(body);
  }
}

/**
 * JSON answers that depend only on a small key (for example a workspace's few stored settings over a fixed
 * catalogue): each key's body is checked and serialized once and kept, the `limit` most recently used.
 * The key must determine the whole body.
 */
export class PreparedJsonByKey<S extends z.ZodType> {
  private readonly bodies = new Map<string, Buffer>();

  constructor(
    private readonly schema: S,
    private readonly limit = 64,
  ) {}

  bytes(key: string, make: () => z.output<S>): Buffer {
    let body = this.bodies.get(key);
    if (body) {
      this.bodies.delete(key); // re-inserted below as the most recently used
    } else {
      body = serialize(this.schema, make());
      if (this.bodies.size >= this.limit) this.bodies.delete(this.bodies.keys().next().value!);
    }
    this.bodies.set(key, body);
    return body;
  }

  /** Answers with the key's body (the handler then returns nothing: the reply is sent). */
  send(reply: FastifyReply, key: string, make: () => z.output<S>): void {
    reply.type(JSON_TYPE).send(this.bytes(key, make));
  }
}
