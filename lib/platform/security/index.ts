export { contentSecurityPolicy, securityHeaders, secureResponse, referrerPolicyFor, loggablePath, newNonce, HSTS, type HeaderPolicy } from './headers';
