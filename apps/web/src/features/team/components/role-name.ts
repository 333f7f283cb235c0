import { ROLES } from '@app/contracts/roles';
import type { TFunction } from 'i18next';

/** The name of a role as the team screen shows it (a member shows the first of their roles). */
export function getRoleName(t: TFunction, role: number | undefined): string {
  switch (role) {
    case ROLES.OWNER:
      return t('team.roles.owner');
    case ROLES.ADMIN:
      return t('team.roles.admin');
    case ROLES.GUEST:
      return t('team.roles.guest');
    case ROLES.PLATFORM_ADMIN:
      return t('team.roles.platformAdmin');
    default:
      return t('team.roles.none');
  }
}
