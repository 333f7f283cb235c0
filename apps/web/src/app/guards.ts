import { redirect } from 'react-router';
import { loadCurrentUser } from '../lib/auth';
import { hasToken } from '../lib/auth-storage';

/** Loader of the routes that need a session: without a token, go to sign in. */
export function requireToken() {
  return hasToken() ? null : redirect('/sign-in');
}

/**
 * Loader of the signed-in app: without a token, go to sign in. With one, the user is fetched
 * first, so the shell and its page render in the router's transition, which React splits
 * into short tasks, instead of in one long synchronous render when the user query answers.
 */
export async function requireUser() {
  if (!hasToken()) return redirect('/sign-in');
  await loadCurrentUser();
  return null;
}

/** Loader of the sign-in page: a signed-in user goes to the app. */
export function redirectIfSignedIn() {
  return hasToken() ? redirect('/') : null;
}
