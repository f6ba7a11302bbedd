import { outboxMessages } from '@/lib/api/contracts/dev';
import { handle, json, methods } from '@/lib/platform/http';
import { listOutbox } from '@/lib/delivery/notify';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(outboxMessages, async ({ query }) => json({ messages: await listOutbox(query) })),
});
