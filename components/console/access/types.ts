import type { listApiKeys, listClients, listUsers } from '@/lib/auth';
import type { Jsonified } from '../consoleApi';

export type ApiKeyRow = Jsonified<Awaited<ReturnType<typeof listApiKeys>>[number]>;
export type ClientRow = Jsonified<Awaited<ReturnType<typeof listClients>>[number]>;
export type UserRow = Jsonified<Awaited<ReturnType<typeof listUsers>>[number]>;
