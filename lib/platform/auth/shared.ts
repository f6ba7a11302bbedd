// The access vocabulary the contracts declare: console roles and OAuth scopes.
export * from './roles';
