export const ROLES = ['desenvolvedor', 'supervisor', 'analista', 'usuario'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'usuario';
