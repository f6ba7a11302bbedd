import crypto from 'node:crypto';
import { getConfig } from '../config';
import { isConnectionLost } from '../db';
import { AppError, isAppError } from '../errors';
import { getLogger, stackFrames, type Logger } from '../log';
import { parseBody } from './body';
import { rolesOf, type BodyOf, type Contract, type Method, type ParamsOf, type QueryOf } from './contract';
import { authenticateApiKey, authenticateBearer, authenticateConsole, consoleSessionOf, requireRole, requireRoleOfUser, type Principal } from './guards';
import { gates } from './load';
import { observeRequest } from './metrics';
import { quotaHeaders, spendApiQuota, type Quota } from './rate-limit';
import { problemResponse, type ProblemAlso } from './problem';
import { parseWith } from './validation';

export interface HandlerContext<C extends Contract> {
  req: Request;
  requestId: string;
  clientIp: string;
  principal: C['auth'] extends 'none' ? undefined : Principal;
  body: BodyOf<C>;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  log: Logger;
}

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (req: Request, ctx: NextContext) => Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get('x-request-id');
  return given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * The client address. Our server script writes `x-atesta-client-ip` from the
 * socket (overwriting anything sent); behind a trusted proxy the first
 * X-Forwarded-For hop is used instead.
 */
export function clientIpOf(req: Request): string {
  if (getConfig().TRUST_PROXY) {
    const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.headers.get('x-atesta-client-ip') ?? 'unknown';
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function toErrorResponse(err: unknown, requestId: string, instance: string, log: Logger, also?: ProblemAlso): Response {
  if (isAppError(err)) return problemResponse(err, requestId, instance, also);
  // Database unreachable: a retryable 503, not a 500.
  if (isConnectionLost(err)) {
    log.error({ requestId, err }, 'database unreachable');
    return problemResponse(
      new AppError(503, 'not_ready', 'The service cannot reach its database right now; retry shortly.', { headers: { 'retry-after': '5' } }),
      requestId,
      instance,
      also,
    );
  }
  log.error({ requestId, err, stack: stackFrames(err) }, 'unhandled error');
  return problemResponse(
    new AppError(500, 'internal_error', `An unexpected error occurred. Quote request id ${requestId} to support.`),
    requestId,
    instance,
    also,
  );
}

async function authenticate(contract: Contract, req: Request): Promise<Principal | undefined> {
  if (contract.auth === 'bearer') {
    const consoleSession = consoleSessionOf(req);
    if (consoleSession) return authenticateConsole(req, consoleSession, contract.scope ?? 'services');
    return authenticateBearer(req.headers.get('authorization'), contract.scope ?? 'services');
  }
  if (contract.auth === 'apiKey') return authenticateApiKey(req.headers.get('x-api-key'));
  return undefined;
}

/** A handler made by `handle`, carrying its contract so tools (the hostile-input suite) can read a route's schema. */
export type ContractRoute<C extends Contract = Contract> = RouteHandler & { readonly contract: C };

export const contractOf = (handler: unknown): Contract | undefined => (handler as Partial<ContractRoute> | undefined)?.contract;

/** Wraps a handler with request id, guard, body limit and parsing, validation, error mapping, metrics. */
export function handle<C extends Contract>(contract: C, fn: (ctx: HandlerContext<C>) => Promise<Response>): ContractRoute<C> {
  const handler: RouteHandler = async (req, nextCtx) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    const log = getLogger();
    const instance = new URL(req.url).pathname;
    let response: Response;
    let quota: Quota | undefined;
    let leave: (() => void) | undefined;
    try {
      const principal = await authenticate(contract, req);
      if (principal) {
        // Roles before anything else: a refused user costs no quota, no admission, no body parsing.
        if (contract.usersOnly) requireRole(principal, ...rolesOf(contract));
        else requireRoleOfUser(principal, ...rolesOf(contract));
        quota = await spendApiQuota(principal.integratorId, getConfig().API_RATE_LIMIT_PER_MINUTE);
      }
      // Waits for (or is refused) a place before the body is read: a shed request costs no memory.
      if (contract.admission === 'analysis') leave = await gates().analysis.enter();
      const rawParams = (await nextCtx?.params) ?? {};
      const params = contract.params ? parseWith(contract.params, rawParams, 'path') : undefined;
      const query = contract.query
        ? parseWith(contract.query, Object.fromEntries(new URL(req.url).searchParams), 'query')
        : undefined;
      let body: unknown;
      if (contract.body) {
        const config = getConfig();
        const limit = contract.body.limit === 'media' ? config.MEDIA_BODY_LIMIT_BYTES : contract.body.limit === 'import' ? config.IMPORT_MAX_BODY_BYTES : config.BODY_LIMIT_BYTES;
        const multipart = { fileFields: contract.body.fileFields ?? [], maxFileBytes: config.MEDIA_MAX_FILE_BYTES };
        const raw = await parseBody(req, contract.body.kind ?? 'json', limit, multipart);
        // A streamed body is parsed (and validated) by the handler as it arrives.
        body = contract.body.kind === 'json-stream' ? undefined : parseWith(contract.body.schema, raw, 'body');
      }
      response = await fn({
        req,
        requestId,
        clientIp: clientIpOf(req),
        principal: principal as HandlerContext<C>['principal'],
        body: body as BodyOf<C>,
        params: params as ParamsOf<C>,
        query: query as QueryOf<C>,
        log: log.child({ requestId }),
      });
    } catch (err) {
      response = toErrorResponse(err, requestId, instance, log, contract.problemAlso?.of);
    } finally {
      leave?.();
    }
    if (quota) for (const [k, v] of Object.entries(quotaHeaders(quota))) response.headers.set(k, v);
    response.headers.set('x-request-id', requestId);
    observeRequest(contract.method, contract.path, response.status, (performance.now() - started) / 1000);
    return response;
  };
  return Object.assign(handler, { contract });
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A route module's exports: the given methods, and 405 problem+json (with
 * Allow) for the others, instead of Next.js's bare 405.
 */
export function methods(defined: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = Object.keys(defined).join(', ');
  const notAllowed: RouteHandler = async (req) => {
    const requestId = requestIdOf(req);
    return problemResponse(
      new AppError(405, 'method_not_allowed', `${req.method} is not supported here; allowed: ${allow}.`, { headers: { allow } }),
      requestId,
      new URL(req.url).pathname,
    );
  };
  return Object.fromEntries(METHODS.map((m) => [m, defined[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** Catch-all for unknown paths under an API base: problem+json 404. */
export const notFoundRoute: RouteHandler = async (req) =>
  problemResponse(
    new AppError(404, 'not_found', `No route ${req.method} ${new URL(req.url).pathname}.`),
    requestIdOf(req),
    new URL(req.url).pathname,
  );
