import { clearStorage } from './auth-storage';
import { queryClient } from './query-client';

export const SIGN_IN_PATH = '/sign-in';

type Navigate = (path: string) => void;

let navigateTo: Navigate = (path) => {
  window.location.assign(path);
};

/** The app registers its router here so signing out is a client-side navigation. */
export function setSignOutNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

/** Ends the session: clears local storage and the query cache, then goes to the sign-in page. */
export function signOut(): void {
  clearStorage();
  queryClient.clear();
  navigateTo(SIGN_IN_PATH);
}
