import Fastify from 'fastify';

// The baseline: a bare Fastify hello-world, measured in the same run as Vocalis.
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
