import type { z } from 'zod';
import type { clientSchema, userSchema } from '@/lib/api/contracts/access';
import type { apiKeySchema } from '@/lib/api/contracts/keys';

/** Rows of the access lists as the browser receives them (their contracts' schemas). */
export type ApiKeyRow = z.infer<typeof apiKeySchema>;
export type ClientRow = z.infer<typeof clientSchema>;
export type UserRow = z.infer<typeof userSchema>;
