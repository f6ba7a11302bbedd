export { handle, methods, json, notFoundRoute, requestIdOf, clientIpOf, toErrorResponse, type HandlerContext, type RouteHandler } from './route';
export { defineContract, type Contract, type ApiBase, type Method } from './contract';
export { problemSchema, problemResponse, problemBody, ERROR_CODES, PROBLEM_CONTENT_TYPE, type Problem } from './problem';
export { authenticateBearer, authenticateApiKey, requireRole, requireRoleOfUser, type Principal } from './guards';
export { throttledLogin } from './login-throttle';
export { enforce as enforceRateLimit, purgeExpiredBuckets } from './rate-limit';
export { metrics } from './metrics';
export { readBodyLimited, parseBody } from './body';
export { parseWith, validationError } from './validation';
