import { outboxMessages } from '@/lib/contracts/dev';
import { handle, json, methods } from '@/lib/http';
import { listOutbox } from '@/lib/notify';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(outboxMessages, async ({ query }) => json({ messages: await listOutbox(query) })),
});
