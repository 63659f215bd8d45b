// The comparison point of the API benchmark: a bare Fastify route doing one indexed query.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify();
app.get('/healthz', async () => ({ ok: true }));
app.get('/invoice/:id', async (request) => {
  const { rows } = await pool.query('select id::text, invoice_number, amount from invoices where id = $1', [request.params.id]);
  return rows[0] ?? null;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
