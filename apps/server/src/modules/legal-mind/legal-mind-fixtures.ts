import type { TAccessTokenResponse } from '@app/contracts';
import { bearer, signUpConfirmed, type TestApp } from '../../test/test-app.js';

/** A new team on the free LegalMind plan: its session and its LegalMind token. */
export async function legalMindToken(test: TestApp): Promise<{ session: string; token: string }> {
  const { token: session } = await signUpConfirmed(test);
  await test.app.inject({
    method: 'POST',
    url: '/api/microservice/free/LegalMind',
    headers: bearer(session),
  });
  const response = await test.app.inject({
    method: 'GET',
    url: '/api/microservice/token/LegalMind',
    headers: bearer(session),
  });
  return { session, token: response.json<TAccessTokenResponse>().token };
}
