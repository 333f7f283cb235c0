import { redirect } from 'react-router';
import { hasToken } from '../lib/auth-storage';

/** Loader of the routes that need a session: without a token, go to sign in. */
export function requireToken() {
  return hasToken() ? null : redirect('/sign-in');
}

/** Loader of the sign-in page: a signed-in user goes to the app. */
export function redirectIfSignedIn() {
  return hasToken() ? redirect('/') : null;
}
