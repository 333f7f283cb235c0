export const ROLES = {
  PLATFORM_ADMIN: 4,
  OWNER: 5,
  GUEST: 6,
  ADMIN: 7,
} as const;

export type RoleName = keyof typeof ROLES;
export type RoleId = (typeof ROLES)[RoleName];

/** The roles an owner may give to invited team members. */
export const ASSIGNABLE_ROLES = [ROLES.ADMIN, ROLES.GUEST] as const;

export function hasRole(roles: readonly number[], role: RoleName): boolean {
  return roles.includes(ROLES[role]);
}
