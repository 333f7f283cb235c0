import type { TAccessTokenResponse } from '@app/contracts';
import { bearer, signUpConfirmed, type TestApp } from '../../test/test-app.js';
import { subscribeLegalBasic } from '../billing/billing-fixtures.js';

/**
 * A new team on a LegalMind plan, the free one unless told (Basic is paid with a card): its
 * session and its LegalMind token.
 */
export async function legalMindToken(
  test: TestApp,
  options: { plan: 'FREE' | 'BASIC' } = { plan: 'FREE' },
): Promise<{ session: string; token: string }> {
  const { token: session } = await signUpConfirmed(test);
  if (options.plan === 'FREE') {
    await test.app.inject({
      method: 'POST',
      url: '/api/microservice/free/LegalMind',
      headers: bearer(session),
    });
  } else {
    await subscribeLegalBasic(test, session);
  }
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/microservice/token/LegalMind',
    headers: bearer(session),
  });
  return { session, token: response.json<TAccessTokenResponse>().token };
}
