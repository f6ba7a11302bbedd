// The access vocabulary: console roles and OAuth scopes (the contracts declare them; the browser may read them).
export const ROLES = ['admin', 'analyst', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = ['services', 'import'] as const;
export type Scope = (typeof SCOPES)[number];
