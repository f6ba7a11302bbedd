// The access vocabulary the contracts declare: console roles and OAuth scopes.
export { ROLES, type Role } from './users';
export { SCOPES, type Scope } from './clients';
